import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  integer,
  jsonb,
  numeric,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tenants } from '../modules/tenants/tenants.schema';

/** Columns every tenant-owned table starts with. */
export const tenantColumns = () => ({
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Contact columns shared by suppliers and customers (SPEC §3). */
export const contactColumns = () => ({
  name: text('name').notNull(),
  contact: text('contact'),
  address: text('address'),
  postcode: text('postcode'),
  city: text('city'),
  country: text('country'),
  vatNumber: text('vat_number'),
  siren: text('siren'),
  phone: text('phone'),
  email: text('email'),
  parentCompany: text('parent_company'),
});

/** Binary content (images) as a Buffer, from either driver (PGlite answers a bare Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** Amounts of document lines and totals: up to 20 digits before the point (DOCUMENT_LINES_MAX lines). */
export const documentAmount = (name: string) => numeric(name, { precision: 22, scale: 2 });

/** The columns every document line has: its item as it was written (reference, designation), kept when the
 * item changes later, and a quantity. The document's own key goes beside them. */
const lineColumns = () => ({
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  position: integer('position').notNull(),
  reference: text('reference').notNull(),
  designation: text('designation').notNull(),
  quantity: integer('quantity').notNull(),
});

/** The priced columns every priced document line has (purchase orders, orders to the platform, sales documents):
 * what the line was written with. The document's own key and item go beside them. */
export const documentLineColumns = () => ({
  ...lineColumns(),
  unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
  discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
  vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
  /** EN 16931 VAT category (S, Z, E, AE, K…). */
  vatCategory: text('vat_category').notNull().default('S'),
  netAmount: documentAmount('net_amount').notNull(),
});

/**
 * The columns of an unpriced line of a stock document (stock outputs, delivery notes): an article (`article`: its
 * table's key, passed in because the articles' schema needs this file), a quantity and the EPCs of the items
 * picked, if listed. The document's own key goes beside them.
 */
export const unpricedLineColumns = (article: () => AnyPgColumn) => ({
  ...lineColumns(),
  articleId: integer('article_id').references(article),
  epcs: text('epcs')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/**
 * The header columns every unpriced stock document has (outputs, delivery notes): its number (given when it leaves
 * draft), status, the counts of its lines and who created it (`users`: their table's key, passed in).
 */
export const unpricedDocumentColumns = (users: () => AnyPgColumn) => ({
  ...tenantColumns(),
  number: text('number'),
  status: text('status').notNull().default('draft'),
  lineCount: integer('line_count').notNull().default(0),
  units: integer('units').notNull().default(0),
  epcCount: integer('epc_count').notNull().default(0),
  createdBy: integer('created_by').references(users),
});

/**
 * The columns of the exits a stock document covered at an exit gate (its `gate`): the document (its key column
 * `name`), the item's tag and article (keys passed in, as for the lines), and the tag movement of the exit.
 */
type ExitRefs = { document: () => AnyPgColumn; tag: () => AnyPgColumn; article: () => AnyPgColumn };
export const documentExitColumns = (name: string, refs: ExitRefs) => ({
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  documentId: integer(name).notNull().references(refs.document, { onDelete: 'cascade' }),
  tagId: integer('tag_id').notNull().references(refs.tag, { onDelete: 'cascade' }),
  articleId: integer('article_id').notNull().references(refs.article),
  movementId: bigint('movement_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The totals a priced document stores with its lines: never recomputed once it is no longer editable. */
export const documentTotalsColumns = () => ({
  totalNet: documentAmount('total_net').notNull().default('0'),
  totalVat: documentAmount('total_vat').notNull().default('0'),
  totalGross: documentAmount('total_gross').notNull().default('0'),
  /** Per (VAT category, rate): base and VAT, as the contract's `ZVatBreakdown` rows. */
  vatBreakdown: jsonb('vat_breakdown')
    .$type<{ category: string; rate: string; base: string; vat: string }[]>()
    .notNull()
    .default([]),
  lineCount: integer('line_count').notNull().default(0),
});
