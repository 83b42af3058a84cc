import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { documentLineColumns, documentTotalsColumns, tenantColumns } from '../../db/columns';
import { paymentModes } from '../payment-modes/payment-modes.schema';
import { articles } from '../articles/articles.schema';
import { users } from '../auth/auth.schema';
import { suppliers } from '../suppliers/suppliers.schema';
import { tenants } from '../tenants/tenants.schema';

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    ...tenantColumns(),
    number: text('number').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    paymentModeId: integer('payment_mode_id')
      .notNull()
      .references(() => paymentModes.id),
    orderDate: date('order_date').notNull(),
    expectedDate: date('expected_date'),
    notes: text('notes'),
    status: text('status').notNull().default('in_progress'),
    receiptStatus: text('receipt_status').notNull().default('not_received'),
    ...documentTotalsColumns(),
    // Units of the lines, ordered and received, kept with the totals for the purchase dashboard (migration 0018,
    // which also adds the partial period index with its INCLUDE columns).
    orderedUnits: bigint('ordered_units', { mode: 'number' }).notNull().default(0),
    receivedUnits: bigint('received_units', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    unique('purchase_orders_tenant_number_uq').on(t.tenantId, t.number),
    check('purchase_orders_status_ck', sql`${t.status} in ('in_progress', 'done', 'canceled')`),
    check(
      'purchase_orders_receipt_status_ck',
      sql`${t.receiptStatus} in ('not_received', 'partially_received', 'received')`,
    ),
    index('purchase_orders_tenant_date_idx').on(t.tenantId, t.orderDate.desc(), t.id.desc()),
    index('purchase_orders_tenant_status_idx').on(t.tenantId, t.status),
    index('purchase_orders_supplier_idx').on(t.supplierId),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    ...documentLineColumns(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    // Kept when the article is deleted: the line keeps what it was written with.
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    receivedQuantity: integer('received_quantity').notNull().default(0),
  },
  (t) => [
    check('purchase_order_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('purchase_order_lines_received_ck', sql`${t.receivedQuantity} >= 0`),
    index('purchase_order_lines_order_idx').on(t.orderId, t.position),
    index('purchase_order_lines_article_idx').on(t.tenantId, t.articleId),
  ],
);

export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    receiptDate: date('receipt_date').notNull(),
    note: text('note'),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_receipts_order_idx').on(t.orderId)],
);

export const purchaseReceiptLines = pgTable(
  'purchase_receipt_lines',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => purchaseReceipts.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** EPCs bound to the article with this line of the receipt. */
    epcCount: integer('epc_count').notNull().default(0),
  },
  (t) => [
    check('purchase_receipt_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('purchase_receipt_lines_epc_count_ck', sql`${t.epcCount} >= 0 and ${t.epcCount} <= ${t.quantity}`),
    index('purchase_receipt_lines_receipt_idx').on(t.receiptId),
  ],
);

/**
 * How many orders (and units) name each reference, kept by the order service: the most ordered references.
 * `lines` counts orders, one per order whatever its lines of the reference.
 */
export const purchaseReferenceCounts = pgTable(
  'purchase_reference_counts',
  {
    tenantId: integer('tenant_id').notNull(),
    reference: text('reference').notNull(),
    designation: text('designation').notNull(),
    lines: integer('lines').notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Written in SQL first (migration 0018): PostgreSQL's constraint names.
    primaryKey({ name: 'purchase_reference_counts_pkey', columns: [t.tenantId, t.reference] }),
    foreignKey({
      name: 'purchase_reference_counts_tenant_id_fkey',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }),
    index('purchase_reference_counts_lines_idx').on(t.tenantId, t.lines.desc().nullsFirst(), t.reference),
  ],
);
