import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { bytea, tenantColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';
import { categories } from '../categories/categories.schema';
import { reasons } from '../reasons/reasons.schema';
import { suppliers } from '../suppliers/suppliers.schema';
import { tenants } from '../tenants/tenants.schema';

export const articles = pgTable(
  'articles',
  {
    ...tenantColumns(),
    reference: text('reference').notNull(),
    designation: text('designation').notNull(),
    size: text('size'),
    // Changed only through stock movements; never negative.
    quantity: integer('quantity').notNull().default(0),
    priceHt: numeric('price_ht', { precision: 14, scale: 4 }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    priceTtc: numeric('price_ttc', { precision: 14, scale: 4 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }),
    stockAlert: integer('stock_alert').notNull().default(0),
    categoryId: integer('category_id').references(() => categories.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    stockTag: text('stock_tag'),
    /** 'goods' | 'service'; none: the category's (the invoices' billing mode). */
    nature: text('nature'),
    /** The VATEX code its 0 % sales lines take when neither the line nor the customer names one. */
    vatExemption: text('vat_exemption'),
  },
  (t) => [
    unique('articles_tenant_reference_uq').on(t.tenantId, t.reference),
    check('articles_quantity_ck', sql`${t.quantity} >= 0`),
    check('articles_stock_alert_ck', sql`${t.stockAlert} >= 0`),
    check('articles_nature_ck', sql`${t.nature} in ('goods', 'service')`),
    index('articles_supplier_idx').on(t.supplierId),
    index('articles_category_idx').on(t.categoryId),
  ],
);

export const articleImages = pgTable('article_images', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  thumbnail: bytea('thumbnail').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    /** What kind of change this is (STOCK_REASON_CODES); `reasonId` is the tenant's own reason, if any. */
    reasonCode: text('reason_code').notNull(),
    reasonId: integer('reason_id').references(() => reasons.id),
    note: text('note'),
    /** The document or event that made the change (a tag movement, a delivery note…), when there is one. */
    sourceType: text('source_type'),
    sourceId: bigint('source_id', { mode: 'number' }),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_article_idx').on(t.articleId, t.createdAt),
    check(
      'stock_movements_reason_code_ck',
      sql`${t.reasonCode} in ('manual', 'opening', 'import', 'rfid', 'receipt', 'delivery', 'output', 'inventory')`,
    ),
  ],
);

/** Lots with an expiry date (DLC). */
export const articleLots = pgTable(
  'article_lots',
  {
    ...tenantColumns(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    lotNumber: text('lot_number').notNull(),
    quantity: integer('quantity').notNull(),
    expiryDate: date('expiry_date').notNull(),
  },
  (t) => [
    unique('article_lots_article_lot_uq').on(t.articleId, t.lotNumber),
    check('article_lots_quantity_ck', sql`${t.quantity} > 0`),
    index('article_lots_expiry_idx').on(t.tenantId, t.expiryDate),
  ],
);
