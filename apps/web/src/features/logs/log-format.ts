import { VAT_EXEMPTIONS, type TVatExemptionCode } from '@tagstock/contract';
import { ADMIN_FEATURES } from '../../areas/admin/registry';
import { statusKeys } from '../../components/documents/status-texts';
import { SALES_LABEL_KEYS } from '../invoices/feature';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatRate } from '../../components/format';

type Translate = (key: string | string[], options?: Record<string, unknown>) => string;
export type LogChange = { field: string; from: unknown; to: unknown };

// Record fields whose label is not `fields.<name>`: references read by name, the spec's own names.
const LABEL_KEYS: Record<string, string> = {
  App_Type: 'fields.appType',
  roleId: 'fields.role',
  roleName: 'fields.role',
  groupId: 'fields.group',
  groupName: 'fields.group',
  categoryId: 'fields.category',
  categoryName: 'fields.category',
  supplierId: 'fields.supplier',
  supplierName: 'fields.supplier',
  familyId: 'fields.family',
  familyName: 'fields.family',
  hasImage: 'articles.image',
  image: 'articles.image',
  // Documents (purchase orders, orders to the platform, stock outputs).
  lines: 'platformOrders.lineCount',
  totalNet: 'purchaseOrders.totalNet',
  orderDate: 'purchaseOrders.orderDate',
  expectedDate: 'purchaseOrders.expectedDate',
  notes: 'purchaseOrders.notes',
  paymentModeId: 'purchaseOrders.paymentMode',
  receiptStatus: 'purchaseOrders.receiptStatus',
  registeredTags: 'platformOrders.registeredTags',
  // Stock outputs.
  reasonId: 'fields.reason',
  outputDate: 'outputs.outputDate',
  consumerId: 'fields.consumer',
  customerId: 'fields.customer',
  units: 'outputs.units',
  // Sales documents and payments.
  proformaDate: 'proformas.proformaDate',
  validUntil: 'proformas.validUntil',
  invoiceDate: 'invoices.invoiceDate',
  billingDate: 'invoices.billingDate',
  paymentTermDays: 'invoices.paymentTerm',
  paymentType: 'invoices.paymentType',
  discount: 'documents.discount.title',
  totalGross: 'invoices.totalGross',
  amountPaid: 'invoices.amountPaid',
  amountDue: 'invoices.amountDue',
  amountCredited: 'invoices.amountCredited',
  proforma: 'invoices.proforma',
  invoice: 'creditNotes.invoice',
  invoiceId: 'creditNotes.invoice',
  customerName: 'fields.customer',
  paymentDate: 'invoicePayments.paymentDate',
  refundDate: 'invoicePayments.refundDate',
  amount: 'invoicePayments.amount',
  paymentModeLabel: 'purchaseOrders.paymentMode',
  unallocated: 'invoicePayments.onAccount',
  // French e-invoicing: a sales document's billing mode (BT-23), an article's or a category's nature.
  billingMode: 'invoices.billingMode',
  nature: 'articles.nature',
};

// Where an entity names a field its own way: a customer's kind is a company or a person; the invoice a proforma
// became is named, and its page links to it (its feature says so).
// A registered feature's entity names its fields as it declares (`Feature.logs`).
const ENTITY_LABEL_KEYS: Record<string, Record<string, string>> = {
  ...Object.fromEntries(ADMIN_FEATURES.flatMap(({ logs }) => (logs?.labels ? [[logs.entity, logs.labels]] : []))),
  payment: SALES_LABEL_KEYS,
  customer: { kind: 'fields.customerKind', vatExemption: 'customers.vatExemption' },
  article: { vatExemption: 'articles.vatExemption' },
};

/**
 * The labels of the fields an entity logs, for a document's history (`HistoryVocabulary.labels`): the activity
 * log's own, so that a field is named the same in both, and in the user's language in both.
 */
export const historyLabels = (entity: string): Record<string, string> => ({
  ...LABEL_KEYS,
  ...ENTITY_LABEL_KEYS[entity],
});

// Fields holding codes the web names: the field → the prefix of its values' keys (per entity where they differ).
const CODES: Record<string, string | Record<string, string>> = {
  reasonCode: 'stockReasons',
  receiptStatus: 'purchaseOrders.receiptStatuses',
  status: {
    platform_order: 'platformOrders.statuses',
    ...Object.fromEntries(ADMIN_FEATURES.flatMap(({ logs }) => (logs?.statuses ? [[logs.entity, logs.statuses]] : []))),
  },
  paymentType: 'invoices.paymentTypes',
  supplyKind: 'company.supplyKinds',
  billingMode: 'invoices.billingModes',
  nature: 'articles.natures',
  kind: { customer: 'customers.kinds' },
};
const codesOf = (field: string, entity?: string): string | undefined => {
  const codes = CODES[field];
  return typeof codes === 'string' ? codes : entity ? codes?.[entity] : undefined;
};
const MONEY = new Set([
  'priceHt',
  'priceTtc',
  'unitPrice',
  'totalNet',
  'totalGross',
  'amountPaid',
  'amountDue',
  'amountCredited',
  'shareCapital',
  'amount',
  'unallocated',
]);
const RATE = new Set(['vatRate', 'latePenaltyRate']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The changes worth showing: a reference appears once, by its name (`categoryName`, not `categoryId`). */
export const visibleChanges = (changes: readonly LogChange[]): LogChange[] => {
  const fields = new Set(changes.map((c) => c.field));
  return changes.filter((c) => !(c.field.endsWith('Id') && fields.has(`${c.field.slice(0, -2)}Name`)));
};

/** The translation key of a field's label as the forms show it (of `entity` when it names it its own way). */
export const fieldLabelKey = (field: string, entity?: string): string =>
  (entity ? ENTITY_LABEL_KEYS[entity]?.[field] : undefined) ?? LABEL_KEYS[field] ?? `fields.${field}`;

/** A field's label as the forms show it. */
export const fieldLabel = (t: Translate, field: string, entity?: string): string =>
  t(fieldLabelKey(field, entity), { defaultValue: field });

const isExemptionCode = (code: unknown): code is TVatExemptionCode =>
  typeof code === 'string' && code in VAT_EXEMPTIONS;

/** A line's or a party's VAT exemption: its legal mention as typed, or the short name of its code. */
const exemptionText = (value: unknown, language: string): string | null => {
  if (isExemptionCode(value)) return VAT_EXEMPTIONS[value][language === 'fr' ? 'shortFr' : 'shortEn'];
  if (typeof value === 'object' && value !== null && 'code' in value) {
    const { code, text } = value as { code: unknown; text?: unknown };
    if (typeof text === 'string' && text) return text;
    if (isExemptionCode(code)) return VAT_EXEMPTIONS[code][language === 'fr' ? 'shortFr' : 'shortEn'];
  }
  return null;
};

/** A logged value as the user reads it elsewhere: money, rates, dates, yes/no, "—" for nothing. */
export const formatLogValue = (
  t: Translate,
  field: string,
  value: unknown,
  language: string,
  entity?: string,
): string => {
  if (value === null || value === undefined || value === '') return t('logs.values.empty');
  if (field === 'vatExemption') return exemptionText(value, language) ?? JSON.stringify(value);
  const codes = codesOf(field, entity);
  if (codes)
    return [value]
      .flat()
      .map((code) =>
        t(field === 'status' ? statusKeys(codes, String(code)) : `${codes}.${String(code)}`, {
          defaultValue: String(code),
        }),
      )
      .join(', ');
  if (typeof value === 'boolean') return t(value ? 'logs.values.yes' : 'logs.values.no');
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : t('logs.values.empty');
  if (typeof value === 'number') return formatNumber(value, language);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (MONEY.has(field)) return formatMoney(value, language);
  if (RATE.has(field)) return formatRate(value, language);
  if (DATE.test(value)) return formatDate(value, language);
  if (DATE_TIME.test(value)) return formatDateTime(value, language);
  return value;
};

/** One change of an entry about `entity` as a line: "Taille : — → Unique". */
export const changeLine = (t: Translate, change: LogChange, language: string, entity?: string) => ({
  label: fieldLabel(t, change.field, entity),
  from: formatLogValue(t, change.field, change.from, language, entity),
  to: formatLogValue(t, change.field, change.to, language, entity),
});

/** Who wrote an entry: the platform's team by that name (a tenant never sees its people), else the user. */
export const authorName = (t: Translate, entry: { userName: string | null; byPlatform: boolean }): string =>
  entry.byPlatform ? t('logs.platformTeam') : (entry.userName ?? t('logs.values.empty'));
