import { z } from 'zod';
import { ZPrice, ZRate } from './catalog';
import { ZListQuery } from './common';
import {
  documentKind,
  DOCUMENT_LINE_QUANTITY_MAX,
  ZDocumentEvent,
  ZDocumentLine,
  ZDocumentTotals,
  ZStatusChangeBody,
  type TDocumentTransition,
} from './documents';
import { id, optionalText, quantity, required, stamp } from './fields';
import { ZEpcHex } from './rfid';

/**
 * Orders to the platform (BDC RB, SPEC `bonDeCommandeRb` / `allBondeCommandeRb`): a tenant orders RFID tags,
 * readers or consumables from the platform operator's catalogue; the super admin follows every tenant's and,
 * when tags are delivered, registers their EPCs to the tenant.
 */

// The platform's catalogue (kept by the super admin, read by every tenant)
export const PLATFORM_PRODUCT_KINDS = ['tags', 'reader', 'consumable'] as const;
export const ZPlatformProductKind = z.enum(PLATFORM_PRODUCT_KINDS);
export type TPlatformProductKind = z.infer<typeof ZPlatformProductKind>;

export const ZPlatformProductInput = z.strictObject({
  reference: required(40),
  designation: required(200),
  kind: ZPlatformProductKind,
  unitPrice: ZPrice,
  vatRate: ZRate,
  active: z.boolean().default(true),
});
export type TPlatformProductInput = z.input<typeof ZPlatformProductInput>;
export const ZPlatformProduct = z.object({
  id: z.number().int(),
  reference: z.string(),
  designation: z.string(),
  kind: ZPlatformProductKind,
  unitPrice: z.string(),
  vatRate: z.string(),
  active: z.boolean(),
  ...stamp,
});
export type TPlatformProduct = z.infer<typeof ZPlatformProduct>;
/** `active=true`: what a tenant may order. */
export const ZPlatformProductListQuery = ZListQuery.extend({
  active: z.enum(['true', 'false']).optional(),
  kind: ZPlatformProductKind.optional(),
});
export type TPlatformProductListQuery = z.infer<typeof ZPlatformProductListQuery>;

// Orders
/** SPEC §4: In progress, Done (sent), Canceled. */
export const PLATFORM_ORDER_STATUSES = ['in_progress', 'done', 'canceled'] as const;
export const PLATFORM_ORDER_KIND = documentKind({
  name: 'platformOrders',
  resource: 'platformOrders',
  entity: 'platform_order',
  statuses: PLATFORM_ORDER_STATUSES,
});
export const ZPlatformOrderStatus = z.enum(PLATFORM_ORDER_STATUSES);
export type TPlatformOrderStatus = z.infer<typeof ZPlatformOrderStatus>;

/** Lines on one order to the platform. */
export const PLATFORM_ORDER_LINES_MAX = 100;

export const ZPlatformOrderInput = z.strictObject({
  notes: optionalText(2000),
  lines: z
    .array(z.strictObject({ productId: id(), quantity: quantity(true).max(DOCUMENT_LINE_QUANTITY_MAX) }))
    .min(1, 'required')
    .max(PLATFORM_ORDER_LINES_MAX),
});
export type TPlatformOrderInput = z.input<typeof ZPlatformOrderInput>;

/** A line keeps the product as it was ordered (reference, designation, price, VAT). */
export const ZPlatformOrderLine = ZDocumentLine.omit({ articleId: true }).extend({
  productId: z.number().int().nullable(),
  kind: ZPlatformProductKind,
});
export type TPlatformOrderLine = z.infer<typeof ZPlatformOrderLine>;

export const ZPlatformOrderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  orderDate: z.string(),
  status: ZPlatformOrderStatus,
  totalNet: z.string(),
  totalVat: z.string(),
  totalGross: z.string(),
  lineCount: z.number().int(),
  /** Tags registered to the tenant from this order's deliveries. */
  registeredTags: z.number().int(),
  ...stamp,
});
export type TPlatformOrderSummary = z.infer<typeof ZPlatformOrderSummary>;

/** One registration of delivered tags: the EPCs given to the tenant, in one of its families. */
export const ZPlatformOrderDelivery = z.object({
  id: z.number().int(),
  familyId: z.number().int().nullable(),
  familyName: z.string().nullable(),
  count: z.number().int(),
  firstEpc: z.string(),
  lastEpc: z.string(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type TPlatformOrderDelivery = z.infer<typeof ZPlatformOrderDelivery>;

export const ZPlatformOrder = ZPlatformOrderSummary.extend({
  notes: z.string().nullable(),
  lines: z.array(ZPlatformOrderLine),
  totals: ZDocumentTotals,
  createdByName: z.string().nullable(),
  deliveries: z.array(ZPlatformOrderDelivery),
  /** Creation, status changes and deliveries, oldest first. */
  history: z.array(ZDocumentEvent),
});
export type TPlatformOrder = z.infer<typeof ZPlatformOrder>;

export const ZPlatformOrderListQuery = ZListQuery.extend({ status: ZPlatformOrderStatus.optional() });
export type TPlatformOrderListQuery = z.infer<typeof ZPlatformOrderListQuery>;

// The super admin's view: every tenant's orders, with the tenant
const ofTenant = { tenantId: z.number().int(), tenantName: z.string() };
export const ZPlatformOrderAdminListQuery = ZPlatformOrderListQuery.extend({ tenantId: id().optional() });
export type TPlatformOrderAdminListQuery = z.infer<typeof ZPlatformOrderAdminListQuery>;
export const ZPlatformOrderAdminSummary = ZPlatformOrderSummary.extend(ofTenant);
export type TPlatformOrderAdminSummary = z.infer<typeof ZPlatformOrderAdminSummary>;
export const ZPlatformOrderAdmin = ZPlatformOrder.extend(ofTenant);
export type TPlatformOrderAdmin = z.infer<typeof ZPlatformOrderAdmin>;

/**
 * The changes of status: the super admin sends (done) or cancels an order in progress; the tenant may only
 * cancel its own while it is in progress.
 */
export const PLATFORM_ORDER_TRANSITIONS: readonly TDocumentTransition<TPlatformOrderStatus>[] = [
  { from: 'in_progress', to: 'done', side: 'platform' },
  { from: 'in_progress', to: 'canceled', side: 'both' },
];

export const ZPlatformOrderStatusChange = ZStatusChangeBody(PLATFORM_ORDER_STATUSES);
export type TPlatformOrderStatusChange = z.infer<typeof ZPlatformOrderStatusChange>;

/** EPCs registered to the tenant in one delivery, at most. */
export const EPC_REGISTRATION_MAX = 10_000;

/** Delivered tags: a range (first EPC, then the next `count − 1` values) or a pasted list, in a family. */
export const ZEpcRegistration = z
  .strictObject({
    familyId: id(),
    range: z.strictObject({ first: ZEpcHex, count: quantity(true).max(EPC_REGISTRATION_MAX) }).optional(),
    epcs: z.array(ZEpcHex).min(1, 'required').max(EPC_REGISTRATION_MAX).optional(),
  })
  .refine((v) => (v.range ? 1 : 0) + (v.epcs ? 1 : 0) === 1, {
    message: 'give either a range or a list of EPCs',
    path: ['range'],
  });
export type TEpcRegistration = z.input<typeof ZEpcRegistration>;

/** A tenant's tag family, for the super admin's choice when registering EPCs. */
export const ZPlatformTagFamily = z.object({ id: z.number().int(), name: z.string() });
export type TPlatformTagFamily = z.infer<typeof ZPlatformTagFamily>;
