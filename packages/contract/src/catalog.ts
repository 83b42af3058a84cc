import { z } from 'zod';
import { ZListQuery } from './common';
import {
  amount,
  id,
  isoDate,
  optionalEmail,
  optionalId,
  optionalText,
  quantity,
  required,
  stamp,
  str,
  text,
} from './fields';
import {
  ZArticleNature,
  ZCustomerKind,
  ZElectronicAddress,
  ZVatExemptionCode,
  ZVatExemptionDefault,
} from './einvoicing';

/** Decimal amounts travel as strings ("12.50"): never through a float. Fits `numeric(14,4)`. */
export const ZMoney = amount(10);
/**
 * A pre-tax price: under a billion, so that the price incl. tax computed from it (at most twice as much,
 * VAT ≤ 100 %) still fits `numeric(14,4)`; in cents, as it is shown (12.345 would display as 12.35 €).
 */
export const ZPrice = amount(9, 2);
/** A VAT rate in percent, `numeric(5,2)`, at most 100. */
export const ZRate = str()
  .trim()
  .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'expected a rate like 20 or 5.5, at most 100');

/** Contact fields shared by suppliers and customers (SPEC §3). */
const contactInput = {
  name: required(),
  contact: optionalText(),
  address: optionalText(300),
  postcode: optionalText(20),
  city: optionalText(120),
  country: optionalText(120),
  vatNumber: optionalText(40),
  /** The French company number (9 digits): buyers' invoices and received invoices are matched by it. */
  siren: text(20)
    .nullish()
    .transform((v) => (v ? v.replace(/[\s.]/g, '') : null))
    .refine((v) => v === null || /^\d{9}$/.test(v), 'expected a SIREN: 9 digits'),
  phone: optionalText(40),
  email: optionalEmail,
  parentCompany: optionalText(),
};
const contactOutput = {
  id: z.number().int(),
  name: z.string(),
  contact: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  vatNumber: z.string().nullable(),
  siren: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  parentCompany: z.string().nullable(),
};

// Suppliers (fournisseurs)
export const ZSupplierInput = z.strictObject(contactInput);
export type TSupplierInput = z.infer<typeof ZSupplierInput>;
export const ZSupplier = z.object({ ...contactOutput, articleCount: z.number().int(), ...stamp });
export type TSupplier = z.infer<typeof ZSupplier>;

// Categories
export const ZCategoryInput = z.strictObject({
  name: required(120),
  description: optionalText(500),
  /** What its articles sell when they do not say: goods or a service (the invoices' billing mode). */
  nature: ZArticleNature.nullish().transform((v) => v ?? null),
});
export type TCategoryInput = z.infer<typeof ZCategoryInput>;
export const ZCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  nature: ZArticleNature.nullable(),
  articleCount: z.number().int(),
  ...stamp,
});
export type TCategory = z.infer<typeof ZCategory>;

// Reasons (motifs) for stock changes
export const REASON_KINDS = ['increment', 'decrement', 'both'] as const;
export const ZReasonInput = z.strictObject({ label: required(120), kind: z.enum(REASON_KINDS) });
export type TReasonInput = z.infer<typeof ZReasonInput>;
export const ZReason = z.object({ id: z.number().int(), label: z.string(), kind: z.enum(REASON_KINDS), ...stamp });
export type TReason = z.infer<typeof ZReason>;
/** `kind=decrement` lists the reasons usable for a decrement: that kind and 'both'. */
export const ZReasonListQuery = ZListQuery.extend({ kind: z.enum(['increment', 'decrement']).optional() });
export type TReasonListQuery = z.infer<typeof ZReasonListQuery>;

// Customers (clients) and groups
export const ZCustomerInput = z.strictObject({
  ...contactInput,
  customerCategory: optionalText(120),
  groupId: optionalId,
  /** A company (default) or a person: B2B / B2BINT or B2C on its invoices. */
  kind: ZCustomerKind.default('company'),
  /** Where a platform delivers its invoices (BT-49); none: a French company's SIREN, else its email. */
  electronicAddress: ZElectronicAddress,
  /** The legal basis of its lines at 0 % when a line names none (an EU company: intra-community supply). */
  vatExemption: ZVatExemptionDefault,
  /** Where goods go when not to the (billing) address; printed on invoices when it differs. */
  deliveryAddress: optionalText(300),
  deliveryPostcode: optionalText(20),
  deliveryCity: optionalText(120),
  deliveryCountry: optionalText(120),
});
export type TCustomerInput = z.infer<typeof ZCustomerInput>;
export const ZCustomer = z.object({
  ...contactOutput,
  customerCategory: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  kind: ZCustomerKind,
  electronicAddress: z.string().nullable(),
  vatExemption: ZVatExemptionCode.nullable(),
  deliveryAddress: z.string().nullable(),
  deliveryPostcode: z.string().nullable(),
  deliveryCity: z.string().nullable(),
  deliveryCountry: z.string().nullable(),
  ...stamp,
});
export type TCustomer = z.infer<typeof ZCustomer>;
export const ZCustomerListQuery = ZListQuery.extend({ groupId: id().optional() });

export const ZCustomerGroupInput = z.strictObject({ name: required(120), description: optionalText(500) });
export type TCustomerGroupInput = z.infer<typeof ZCustomerGroupInput>;
export const ZCustomerGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number().int(),
  ...stamp,
});
export type TCustomerGroup = z.infer<typeof ZCustomerGroup>;

// Articles
export const ZArticleInput = z.strictObject({
  reference: required(60),
  designation: required(200),
  size: optionalText(40),
  priceHt: ZPrice,
  vatRate: ZRate,
  unitPrice: ZMoney.nullish().transform((v) => v ?? null),
  stockAlert: quantity(),
  categoryId: optionalId,
  supplierId: optionalId,
  stockTag: optionalText(60),
  /** Goods or a service; none: its category's, else the company's (the invoices' billing mode). */
  nature: ZArticleNature.nullish().transform((v) => v ?? null),
  /** The legal basis of its lines at 0 % when neither the line nor the customer names one. */
  vatExemption: ZVatExemptionDefault,
});
export type TArticleInput = z.infer<typeof ZArticleInput>;
/** Creation may set the opening stock, recorded as the first stock movement; afterwards only increments and decrements change it. */
export const ZArticleCreate = ZArticleInput.extend({
  initialQuantity: quantity().default(0),
});
export type TArticleCreate = z.infer<typeof ZArticleCreate>;
export const ZArticle = z.object({
  id: z.number().int(),
  reference: z.string(),
  designation: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  /** On hand minus the active reservations (see reservations.ts). */
  available: z.number().int(),
  priceHt: z.string(),
  vatRate: z.string(),
  priceTtc: z.string(),
  unitPrice: z.string().nullable(),
  stockAlert: z.number().int(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  supplierId: z.number().int().nullable(),
  supplierName: z.string().nullable(),
  stockTag: z.string().nullable(),
  nature: ZArticleNature.nullable(),
  vatExemption: ZVatExemptionCode.nullable(),
  hasImage: z.boolean(),
  ...stamp,
});
export type TArticle = z.infer<typeof ZArticle>;
export const ZArticleListQuery = ZListQuery.extend({
  supplierId: id().optional(),
  categoryId: id().optional(),
  withoutSupplier: z.enum(['true', 'false']).optional(),
  stockAlert: z.enum(['true', 'false']).optional(),
  /** This supplier's articles come first, then the others (a purchase order's article picker). */
  supplierFirst: id().optional(),
});
export type TArticleListQuery = z.infer<typeof ZArticleListQuery>;

export const ZStockChange = z.strictObject({
  quantity: quantity(true),
  reasonId: id(),
  note: optionalText(300),
});
export type TStockChange = z.infer<typeof ZStockChange>;
/** What kind of change moved the stock; every stock movement has one. */
export const STOCK_REASON_CODES = [
  'manual',
  'opening',
  'import',
  'rfid',
  'receipt',
  'delivery',
  'output',
  'inventory',
] as const;
export const ZStockReasonCode = z.enum(STOCK_REASON_CODES);
export type TStockReasonCode = z.infer<typeof ZStockReasonCode>;
export const ZStockMovement = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  quantityAfter: z.number().int(),
  reasonCode: ZStockReasonCode,
  /** The tenant's own reason as its users named it, if one was chosen; else the web names `reasonCode`. */
  reason: z.string().nullable(),
  /** The document or event behind the change (e.g. `tag_movement` and its id). */
  sourceType: z.string().nullable(),
  sourceId: z.number().int().nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type TStockMovement = z.infer<typeof ZStockMovement>;

// Expiry dates (DLC): lots of an article
export const ZIsoDate = isoDate();
export const ZLotInput = z.strictObject({
  lotNumber: required(60),
  quantity: quantity(true),
  expiryDate: ZIsoDate,
});
export type TLotInput = z.infer<typeof ZLotInput>;
export const ZLot = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  reference: z.string(),
  designation: z.string(),
  lotNumber: z.string(),
  quantity: z.number().int(),
  expiryDate: z.string(),
  daysLeft: z.number().int(),
  ...stamp,
});
export type TLot = z.infer<typeof ZLot>;

export const ZStockSummary = z.object({
  totalQuantity: z.number(),
  totalValorization: z.number(),
  articleCount: z.number().int(),
  stockAlertCount: z.number().int(),
});
export type TStockSummary = z.infer<typeof ZStockSummary>;

// Activity log
/** Every action any module logs; the web names each in English and French. */
export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'incremented',
  'decremented',
  'imported',
  'status',
  'received',
  'paid',
  'credited',
  'converted',
  'refunded',
  'exported',
] as const;
export type TActivityAction = (typeof ACTIVITY_ACTIONS)[number];

// Import / export
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
/** Language of a file's headers and number style (CSV: `;` and decimal comma in French, as French Excel expects). */
export const SHEET_LANGS = ['en', 'fr'] as const;
export type TSheetLang = (typeof SHEET_LANGS)[number];
export const ZSheetLang = z.enum(SHEET_LANGS);
export const ZExportQuery = ZListQuery.omit({ page: true, limit: true }).extend({
  format: z.enum(EXPORT_FORMATS),
  lang: ZSheetLang.optional(),
});
export const ZImportTemplateQuery = z.object({ format: z.enum(EXPORT_FORMATS), lang: ZSheetLang.optional() });
export const ZImportQuery = z.object({
  dryRun: z.enum(['true', 'false']).default('false'),
  /** Writes the valid rows and answers the rejected ones, instead of refusing the whole file. */
  validOnly: z.enum(['true', 'false']).default('false'),
  lang: ZSheetLang.optional(),
});
export const IMPORT_ERROR_CODES = ['missing_column', 'unknown_reference', 'duplicate', 'invalid_value'] as const;
export const ZImportError = z.object({
  line: z.number().int(),
  column: z.string(),
  /** English text for API clients; screens translate `code` with `params`. */
  message: z.string(),
  code: z.enum(IMPORT_ERROR_CODES),
  /** `value` (unknown_reference), `line` (duplicate), `issue` (invalid_value: the validation issue's code). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TImportError = z.infer<typeof ZImportError>;
export const SHEET_COLUMN_TYPES = ['text', 'integer', 'money', 'rate', 'date', 'datetime', 'boolean'] as const;
export const ZSheetColumnInfo = z.object({ key: z.string(), label: z.string(), type: z.enum(SHEET_COLUMN_TYPES) });
export const ZImportRejected = z.object({
  line: z.number().int(),
  /** The row as read from the file, by column key. */
  values: z.record(z.string(), z.string()),
  errors: z.array(ZImportError),
});
export type TImportRejected = z.infer<typeof ZImportRejected>;
export const ZImportReport = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(ZImportError),
  applied: z.boolean(),
  /** The file's columns in the request's language (labels for the preview). */
  columns: z.array(ZSheetColumnInfo).optional(),
  /** Key column of the resource (reference, name): rows match existing records by it. */
  keyColumn: z.string().optional(),
  /** Rows left out by a `validOnly` import (at most a cap; `rejectedCount` has them all). */
  rejected: z.array(ZImportRejected).optional(),
  rejectedCount: z.number().int().optional(),
});
export type TImportReport = z.infer<typeof ZImportReport>;
