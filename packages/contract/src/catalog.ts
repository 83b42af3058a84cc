import { z } from 'zod';
import { ZListQuery } from './common';
import { optionalEmail, optionalId, optionalText, required, stamp } from './fields';

/** Decimal amounts travel as strings ("12.50"): never through a float. */
export const ZMoney = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,4})?$/, 'expected an amount like 12.50');
export const ZRate = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'expected a rate like 20 or 5.5')
  .refine((v) => Number(v) <= 100, 'at most 100');

/** Contact fields shared by suppliers and customers (SPEC §3). */
const contactInput = {
  name: required(),
  contact: optionalText(),
  address: optionalText(300),
  postcode: optionalText(20),
  city: optionalText(120),
  country: optionalText(120),
  vatNumber: optionalText(40),
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
export const ZCategoryInput = z.strictObject({ name: required(120), description: optionalText(500) });
export type TCategoryInput = z.infer<typeof ZCategoryInput>;
export const ZCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
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

// Customers (clients) and groups
export const ZCustomerInput = z.strictObject({
  ...contactInput,
  customerCategory: optionalText(120),
  groupId: optionalId,
});
export type TCustomerInput = z.infer<typeof ZCustomerInput>;
export const ZCustomer = z.object({
  ...contactOutput,
  customerCategory: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  ...stamp,
});
export type TCustomer = z.infer<typeof ZCustomer>;
export const ZCustomerListQuery = ZListQuery.extend({ groupId: z.coerce.number().int().positive().optional() });

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
  priceHt: ZMoney,
  vatRate: ZRate,
  unitPrice: ZMoney.nullish().transform((v) => v ?? null),
  stockAlert: z.coerce.number().int().min(0).max(1_000_000_000),
  categoryId: optionalId,
  supplierId: optionalId,
  stockTag: optionalText(60),
});
export type TArticleInput = z.infer<typeof ZArticleInput>;
/** Creation may set the opening stock, recorded as the first stock movement; afterwards only increments and decrements change it. */
export const ZArticleCreate = ZArticleInput.extend({
  initialQuantity: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type TArticleCreate = z.infer<typeof ZArticleCreate>;
export const ZArticle = z.object({
  id: z.number().int(),
  reference: z.string(),
  designation: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
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
  hasImage: z.boolean(),
  ...stamp,
});
export type TArticle = z.infer<typeof ZArticle>;
export const ZArticleListQuery = ZListQuery.extend({
  supplierId: z.coerce.number().int().positive().optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  withoutSupplier: z.enum(['true', 'false']).optional(),
  stockAlert: z.enum(['true', 'false']).optional(),
});
export type TArticleListQuery = z.infer<typeof ZArticleListQuery>;

export const ZStockChange = z.strictObject({
  quantity: z.coerce.number().int().positive('should be greater than 0').max(1_000_000_000),
  reasonId: z.coerce.number().int().positive(),
  note: optionalText(300),
});
export type TStockChange = z.infer<typeof ZStockChange>;
export const ZStockMovement = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  quantityAfter: z.number().int(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type TStockMovement = z.infer<typeof ZStockMovement>;

// Expiry dates (DLC): lots of an article
export const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');
export const ZLotInput = z.strictObject({
  lotNumber: required(60),
  quantity: z.coerce.number().int().positive('should be greater than 0').max(1_000_000_000),
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
export const ZActivityLog = z.object({
  id: z.number().int(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  action: z.enum(['created', 'updated', 'deleted', 'incremented', 'decremented', 'imported']),
  summary: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type TActivityLog = z.infer<typeof ZActivityLog>;
export const ZActivityLogQuery = ZListQuery.extend({ entity: z.string().max(40).optional() });

// Import / export
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const ZExportQuery = ZListQuery.omit({ page: true, limit: true }).extend({ format: z.enum(EXPORT_FORMATS) });
export const ZImportError = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
export type TImportError = z.infer<typeof ZImportError>;
export const ZImportReport = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(ZImportError),
  applied: z.boolean(),
});
export type TImportReport = z.infer<typeof ZImportReport>;
