import { z } from 'zod';
import { ZListQuery } from './common';
import {
  documentKind,
  DOCUMENT_LINES_MAX,
  nextStatuses,
  ZDocumentLine,
  ZDocumentLineInput,
  ZDocumentTotals,
  ZStatusChangeBody,
  type TDocumentTransition,
} from './documents';
import { id, isoDate, optionalText, quantity, required, stamp } from './fields';
import { ZEpcHex } from './rfid';

/** SPEC §4: In progress, Done (sent), Canceled. */
export const PURCHASE_ORDER_STATUSES = ['in_progress', 'done', 'canceled'] as const;
export const PURCHASE_ORDER_KIND = documentKind({
  name: 'purchaseOrders',
  resource: 'purchaseOrders',
  entity: 'purchase_order',
  statuses: PURCHASE_ORDER_STATUSES,
});
export const ZPurchaseOrderStatus = z.enum(PURCHASE_ORDER_STATUSES);
export type TPurchaseOrderStatus = z.infer<typeof ZPurchaseOrderStatus>;
/** Computed from the received quantities, apart from the status. */
export const RECEIPT_STATUSES = ['not_received', 'partially_received', 'received'] as const;
export const ZReceiptStatus = z.enum(RECEIPT_STATUSES);
export type TReceiptStatus = z.infer<typeof ZReceiptStatus>;

export const ZPurchaseOrderInput = z.strictObject({
  /** The web says "Select a supplier" / "Select a payment mode" when these are missing (SPEC §5). */
  supplierId: id(),
  paymentModeId: id(),
  orderDate: isoDate(),
  expectedDate: isoDate()
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText(2000),
  lines: z.array(ZDocumentLineInput).max(DOCUMENT_LINES_MAX).default([]),
});
export type TPurchaseOrderInput = z.input<typeof ZPurchaseOrderInput>;

export const ZPurchaseOrderLine = ZDocumentLine.extend({ receivedQuantity: z.number().int() });
export type TPurchaseOrderLine = z.infer<typeof ZPurchaseOrderLine>;

export const ZPurchaseOrderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  orderDate: z.string(),
  expectedDate: z.string().nullable(),
  paymentModeId: z.number().int(),
  paymentModeLabel: z.string(),
  status: ZPurchaseOrderStatus,
  receiptStatus: ZReceiptStatus,
  totalNet: z.string(),
  totalVat: z.string(),
  totalGross: z.string(),
  lineCount: z.number().int(),
  ...stamp,
});
export type TPurchaseOrderSummary = z.infer<typeof ZPurchaseOrderSummary>;

export const ZPurchaseOrder = ZPurchaseOrderSummary.extend({
  notes: z.string().nullable(),
  lines: z.array(ZPurchaseOrderLine),
  totals: ZDocumentTotals,
  createdByName: z.string().nullable(),
});
export type TPurchaseOrder = z.infer<typeof ZPurchaseOrder>;

export const ZPurchaseOrderListQuery = ZListQuery.extend({
  status: ZPurchaseOrderStatus.optional(),
  receiptStatus: ZReceiptStatus.optional(),
  supplierId: id().optional(),
  articleId: id().optional(),
});
export type TPurchaseOrderListQuery = z.infer<typeof ZPurchaseOrderListQuery>;

/** What the rules of a change of status look at. */
export type TPurchaseOrderState = { lineCount: number; receiptStatus: TReceiptStatus };
/** Why a listed change is refused for one order: no line to send, or goods already received. */
export type TPurchaseOrderRefusal = 'no_lines' | 'received';

/**
 * The changes of status an order allows, each with the rule that refuses it for one order (null: allowed). The
 * server checks them (and adds who may do them); the web offers only the changes they allow.
 */
export const PURCHASE_ORDER_TRANSITIONS: readonly TDocumentTransition<
  TPurchaseOrderStatus,
  TPurchaseOrderState,
  TPurchaseOrderRefusal
>[] = [
  { from: 'in_progress', to: 'done', refuse: (o) => (o.lineCount === 0 ? 'no_lines' : null) },
  { from: 'in_progress', to: 'canceled' },
  { from: 'done', to: 'canceled', refuse: (o) => (o.receiptStatus === 'not_received' ? null : 'received') },
];

/** The statuses an order may go to now, given its status, its lines and what was received. */
export const purchaseOrderNextStatuses = (order: TPurchaseOrderState & { status: TPurchaseOrderStatus }) =>
  nextStatuses(PURCHASE_ORDER_TRANSITIONS, order);

export const ZPurchaseOrderStatusChange = ZStatusChangeBody(PURCHASE_ORDER_STATUSES);
export type TPurchaseOrderStatusChange = z.infer<typeof ZPurchaseOrderStatusChange>;

/** EPCs given with one receipt, all lines together. */
export const RECEIPT_EPCS_MAX = 10_000;

export const ZReceiptLineInput = z
  .strictObject({
    lineId: id(),
    quantity: quantity(true).max(1_000_000),
    /**
     * EPCs of the items received on this line (optional, at most its quantity): they are bound to the line's
     * article and in stock once the receipt is saved.
     */
    epcs: z.array(ZEpcHex).max(RECEIPT_EPCS_MAX).default([]),
  })
  .superRefine((line, ctx) => {
    if (line.epcs.length > line.quantity)
      ctx.addIssue({
        code: 'too_big',
        origin: 'array',
        maximum: line.quantity,
        inclusive: true,
        path: ['epcs'],
        message: `at most ${line.quantity} EPCs, one per item received`,
      });
  });

export const ZReceiptInput = z
  .strictObject({
    receiptDate: isoDate(),
    note: optionalText(300),
    /** Receiving more than ordered on a line is refused (409 `over_receipt`) unless confirmed. */
    confirmOverReceipt: z.boolean().default(false),
    lines: z.array(ZReceiptLineInput).min(1).max(DOCUMENT_LINES_MAX),
  })
  .superRefine((receipt, ctx) => {
    const total = receipt.lines.reduce((sum, line) => sum + line.epcs.length, 0);
    if (total > RECEIPT_EPCS_MAX)
      ctx.addIssue({
        code: 'too_big',
        origin: 'array',
        maximum: RECEIPT_EPCS_MAX,
        inclusive: true,
        path: ['lines'],
        message: `at most ${RECEIPT_EPCS_MAX} EPCs in one receipt`,
      });
  });
export type TReceiptInput = z.input<typeof ZReceiptInput>;

export const ZReceipt = z.object({
  id: z.number().int(),
  receiptDate: z.string(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      articleId: z.number().int().nullable(),
      reference: z.string(),
      quantity: z.number().int(),
      /** EPCs bound to the article with this receipt. */
      epcCount: z.number().int(),
    }),
  ),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** What an article has on order: open orders (sent or in progress) with quantities still to receive. */
export const ZArticleOnOrder = z.object({
  quantityOnOrder: z.number().int(),
  orders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      supplierName: z.string(),
      status: ZPurchaseOrderStatus,
      expectedDate: z.string().nullable(),
      ordered: z.number().int(),
      received: z.number().int(),
    }),
  ),
});
export type TArticleOnOrder = z.infer<typeof ZArticleOnOrder>;

// Payment modes (SPEC state group `mode`): used by purchase orders, by payments later.
export const ZPaymentModeInput = z.strictObject({
  label: required(80),
  code: optionalText(20),
  active: z.boolean().default(true),
});
export type TPaymentModeInput = z.input<typeof ZPaymentModeInput>;
export const ZPaymentMode = z.object({
  id: z.number().int(),
  label: z.string(),
  code: z.string().nullable(),
  active: z.boolean(),
  ...stamp,
});
export type TPaymentMode = z.infer<typeof ZPaymentMode>;

// Purchase dashboard (SPEC §7 paths): orders in progress, purchases per month, top suppliers, quantities, references.
export const ZPeriodQuery = z.object({ startDate: isoDate().optional(), endDate: isoDate().optional() });
export type TPeriodQuery = z.infer<typeof ZPeriodQuery>;

export const ZOrdersInProgress = z.object({
  count: z.number().int(),
  /** The latest ones. */
  items: z.array(
    ZPurchaseOrderSummary.pick({
      id: true,
      number: true,
      supplierName: true,
      orderDate: true,
      expectedDate: true,
      totalNet: true,
    }),
  ),
});
export type TOrdersInProgress = z.infer<typeof ZOrdersInProgress>;
/** Amount excl. tax of the orders not canceled, per month of order date, the last 12 months (oldest first). */
export const ZPurchasesPerMonth = z.array(
  z.object({ month: z.string(), amount: z.string(), orders: z.number().int() }),
);
export type TPurchasesPerMonth = z.infer<typeof ZPurchasesPerMonth>;
export const ZTopSuppliers = z.array(
  z.object({ supplierId: z.number().int(), supplierName: z.string(), quantity: z.number().int() }),
);
export type TTopSuppliers = z.infer<typeof ZTopSuppliers>;
/** Units on the orders (not canceled) of the period, and how many of them arrived. */
export const ZPurchasedQuantity = z.object({
  startDate: z.string(),
  endDate: z.string(),
  ordered: z.number().int(),
  received: z.number().int(),
});
export type TPurchasedQuantity = z.infer<typeof ZPurchasedQuantity>;
/** References on the most orders (not canceled), all time, then the most units; with their units. */
export const ZRepeatedReferences = z.array(
  z.object({ reference: z.string(), designation: z.string(), orders: z.number().int(), quantity: z.number().int() }),
);
export type TRepeatedReferences = z.infer<typeof ZRepeatedReferences>;
/** `active=true`: the modes a new document may take (the purchase order's picker). */
export const ZPaymentModeListQuery = ZListQuery.extend({ active: z.enum(['true', 'false']).optional() });
export type TPaymentModeListQuery = z.infer<typeof ZPaymentModeListQuery>;
