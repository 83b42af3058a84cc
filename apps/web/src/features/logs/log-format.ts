import { formatDate, formatDateTime, formatMoney, formatNumber, formatRate } from '../../components/format';

type Translate = (key: string, options?: Record<string, unknown>) => string;
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
};
// Fields holding codes the web names: the field → the prefix of its values' keys (per entity where they differ).
const CODES: Record<string, string | Record<string, string>> = {
  reasonCode: 'stockReasons',
  receiptStatus: 'purchaseOrders.receiptStatuses',
  status: {
    purchase_order: 'purchaseOrders.statuses',
    platform_order: 'platformOrders.statuses',
    output: 'outputs.statuses',
    proforma: 'proformas.statuses',
    invoice: 'invoices.statuses',
    credit_note: 'creditNotes.statuses',
  },
  paymentType: 'invoices.paymentTypes',
  supplyKind: 'company.supplyKinds',
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

/** A field's label as the forms show it. */
export const fieldLabel = (t: Translate, field: string): string =>
  t(LABEL_KEYS[field] ?? `fields.${field}`, { defaultValue: field });

/** A logged value as the user reads it elsewhere: money, rates, dates, yes/no, "—" for nothing. */
export const formatLogValue = (
  t: Translate,
  field: string,
  value: unknown,
  language: string,
  entity?: string,
): string => {
  if (value === null || value === undefined || value === '') return t('logs.values.empty');
  const codes = codesOf(field, entity);
  if (codes)
    return [value]
      .flat()
      .map((code) => t(`${codes}.${String(code)}`, { defaultValue: String(code) }))
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
  label: fieldLabel(t, change.field),
  from: formatLogValue(t, change.field, change.from, language, entity),
  to: formatLogValue(t, change.field, change.to, language, entity),
});

/** Who wrote an entry: the platform's team by that name (a tenant never sees its people), else the user. */
export const authorName = (t: Translate, entry: { userName: string | null; byPlatform: boolean }): string =>
  entry.byPlatform ? t('logs.platformTeam') : (entry.userName ?? t('logs.values.empty'));
