import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { documentLineColumns, documentTotalsColumns } from '../../db/columns';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../auth/auth.schema';
import { tagFamilies } from '../rfid/rfid.schema';

// These tables were first written in SQL (migration 0019): their foreign keys carry PostgreSQL's names
// (`<table>_<column>_fkey`), declared here so that the schema describes the database exactly.
type Column = Parameters<typeof foreignKey>[0]['columns'][number];
const fkey = (table: string, column: Column, target: Column) =>
  foreignKey({ name: `${table}_${column.name}_fkey`, columns: [column], foreignColumns: [target] });

/** The platform's catalogue (tags, readers, consumables): tenants read it, only the platform writes it. */
export const platformProducts = pgTable(
  'platform_products',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    reference: text('reference').notNull(),
    designation: text('designation').notNull(),
    kind: text('kind').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    unique('platform_products_reference_uq').on(t.reference),
    check('platform_products_kind_ck', sql`${t.kind} in ('tags', 'reader', 'consumable')`),
  ],
);

/** A tenant's order to the platform (BDC RB). */
export const platformOrders = pgTable(
  'platform_orders',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    number: text('number').notNull(),
    orderDate: date('order_date').notNull(),
    notes: text('notes'),
    status: text('status').notNull().default('in_progress'),
    ...documentTotalsColumns(),
    registeredTags: integer('registered_tags').notNull().default(0),
    createdBy: integer('created_by'),
  },
  (t) => [
    fkey('platform_orders', t.tenantId, tenants.id),
    fkey('platform_orders', t.createdBy, users.id),
    unique('platform_orders_tenant_number_uq').on(t.tenantId, t.number),
    check('platform_orders_status_ck', sql`${t.status} in ('in_progress', 'done', 'canceled')`),
    index('platform_orders_tenant_date_idx').on(t.tenantId, t.orderDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('platform_orders_date_idx').on(t.orderDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const platformOrderLines = pgTable(
  'platform_order_lines',
  {
    ...documentLineColumns(),
    tenantId: integer('tenant_id').notNull(),
    orderId: integer('order_id').notNull(),
    // Kept when the product leaves the catalogue: the line keeps what it was ordered with.
    productId: integer('product_id'),
    kind: text('kind').notNull(),
  },
  (t) => [
    fkey('platform_order_lines', t.tenantId, tenants.id),
    fkey('platform_order_lines', t.orderId, platformOrders.id).onDelete('cascade'),
    fkey('platform_order_lines', t.productId, platformProducts.id).onDelete('set null'),
    check('platform_order_lines_quantity_ck', sql`${t.quantity} > 0`),
    index('platform_order_lines_order_idx').on(t.orderId, t.position),
  ],
);

/** Tags delivered for an order: the EPC range registered to the tenant, in one of its families. */
export const platformOrderDeliveries = pgTable(
  'platform_order_deliveries',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    orderId: integer('order_id').notNull(),
    familyId: integer('family_id'),
    count: integer('count').notNull(),
    firstEpc: text('first_epc').notNull(),
    lastEpc: text('last_epc').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    fkey('platform_order_deliveries', t.tenantId, tenants.id),
    fkey('platform_order_deliveries', t.orderId, platformOrders.id).onDelete('cascade'),
    fkey('platform_order_deliveries', t.familyId, tagFamilies.id).onDelete('set null'),
    fkey('platform_order_deliveries', t.userId, users.id),
    index('platform_order_deliveries_order_idx').on(t.orderId),
  ],
);
