import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { documentAmount, tenantColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';
import { articles } from '../articles/articles.schema';
import { tags } from '../rfid/rfid.schema';
import { tenants } from '../tenants/tenants.schema';

/** The totals of an inventory's count, rewritten by each reconciliation (lists and widgets read them as stored). */
const countTotals = () => ({
  theoretical: integer('theoretical').notNull().default(0),
  counted: integer('counted').notNull().default(0),
  gap: integer('gap').notNull().default(0),
  gapValue: documentAmount('gap_value').notNull().default('0'),
  tagsExpected: integer('tags_expected').notNull().default(0),
  tagsFound: integer('tags_found').notNull().default(0),
  tagsMissing: integer('tags_missing').notNull().default(0),
  tagsUnexpected: integer('tags_unexpected').notNull().default(0),
});

/** An inventory: its scope, its window (started, finished) and the totals of its count. Numbered INV at creation. */
export const inventories = pgTable(
  'inventories',
  {
    ...tenantColumns(),
    number: text('number'),
    status: text('status').notNull().default('draft'),
    createdBy: integer('created_by').references(() => users.id),
    scopeKind: text('scope_kind').notNull(),
    scopeIds: integer('scope_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    notes: text('notes'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    adjustedAt: timestamp('adjusted_at', { withTimezone: true }),
    /** The last tag movement the count has read (reads are taken in since then, in order of arrival). */
    countedUntil: bigint('counted_until', { mode: 'number' }).notNull().default(0),
    articleCount: integer('article_count').notNull().default(0),
    missing: integer('missing').notNull().default(0),
    surplus: integer('surplus').notNull().default(0),
    missingValue: documentAmount('missing_value').notNull().default('0'),
    surplusValue: documentAmount('surplus_value').notNull().default('0'),
    tagsUnknown: integer('tags_unknown').notNull().default(0),
    ...countTotals(),
  },
  (t) => [
    uniqueIndex('inventories_tenant_number_uq').on(t.tenantId, t.number),
    check('inventories_status_ck', sql`${t.status} in ('draft', 'started', 'finished', 'canceled')`),
    check('inventories_scope_ck', sql`${t.scopeKind} in ('all', 'location', 'categories', 'attributions')`),
    // The last finished inventories (gaps, widgets) and the started ones (counts) of a tenant.
    index('inventories_tenant_finished_idx')
      .on(t.tenantId, t.finishedAt.desc())
      .where(sql`${t.status} = 'finished'`),
    index('inventories_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The columns naming a row's tenant and its inventory (deleted with it). */
const ofInventory = () => ({
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  inventoryId: integer('inventory_id')
    .notNull()
    .references((): AnyPgColumn => inventories.id, { onDelete: 'cascade' }),
});

/** One article of an inventory: its theoretical stock at the start, what was counted, the gap. */
export const inventoryLines = pgTable(
  'inventory_lines',
  {
    id: integer('id').generatedAlwaysAsIdentity().primaryKey(),
    ...ofInventory(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** The article's cost when the inventory started: its purchase price, else its price excl. tax. */
    unitCost: numeric('unit_cost', { precision: 14, scale: 4 }).notNull(),
    /** Units counted by hand (untagged items); null: none typed. */
    manual: integer('manual'),
    isCounted: boolean('is_counted').notNull().default(false),
    rescannedAt: timestamp('rescanned_at', { withTimezone: true }),
    ...countTotals(),
  },
  (t) => [
    uniqueIndex('inventory_lines_inventory_article_uq').on(t.inventoryId, t.articleId),
    check('inventory_lines_manual_ck', sql`${t.manual} is null or ${t.manual} >= 0`),
    // The gaps by article: an inventory's lines with a gap, the largest in value first.
    index('inventory_lines_gap_idx')
      .on(t.inventoryId, sql`abs(${t.gapValue}) desc`)
      .where(sql`${t.gap} <> 0`),
  ],
);

/**
 * A finished inventory's counted lines summed by category and by attribution (its holder when it finished), written
 * once when it finishes: the gaps and the widgets read a few rows, not every line with its holder.
 */
export const inventoryGapGroups = pgTable(
  'inventory_gap_groups',
  {
    ...ofInventory(),
    grouping: text('grouping').notNull(),
    /** The category or the consumer; null: none (an attribution to a location only is named by `label`). */
    key: integer('key'),
    label: text('label').notNull(),
    theoretical: integer('theoretical').notNull(),
    counted: integer('counted').notNull(),
    gap: integer('gap').notNull(),
    gapValue: documentAmount('gap_value').notNull(),
  },
  (t) => [
    index('inventory_gap_groups_inventory_idx').on(t.inventoryId, t.grouping),
    check('inventory_gap_groups_grouping_ck', sql`${t.grouping} in ('category', 'attribution')`),
  ],
);

/**
 * The tags of an inventory: those expected at the start (in stock, in the scope) and every EPC the count saw. One row
 * per EPC: an EPC seen by several sources counts once.
 */
export const inventoryTags = pgTable(
  'inventory_tags',
  {
    ...ofInventory(),
    epc: text('epc').notNull(),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    expected: boolean('expected').notNull().default(false),
    /** Its last location when the inventory started (expected tags). */
    expectedLocation: text('expected_location'),
    /** In stock when first seen (unexpected tags): a tag out of stock seen again counts as a surplus. */
    inStock: boolean('in_stock'),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    seenLocation: text('seen_location'),
  },
  (t) => [
    primaryKey({ name: 'inventory_tags_pk', columns: [t.inventoryId, t.epc] }),
    index('inventory_tags_article_idx').on(t.inventoryId, t.articleId),
    // A tag's sightings across inventories (its history, whether a lost one was seen), one inventory exactly.
    index('inventory_tags_tag_idx').on(t.tagId, t.inventoryId),
  ],
);

/** A tag suspected lost (missed by inventories, or unseen for days), then confirmed lost or found again. */
export const lostArticles = pgTable(
  'lost_articles',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('suspected'),
    cause: text('cause').notNull(),
    missedInventories: integer('missed_inventories').notNull().default(0),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    suspectedAt: timestamp('suspected_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    foundAt: timestamp('found_at', { withTimezone: true }),
    /** Confirmed lost wrote it off the stock (one unit of its article); found again brings it back. */
    writtenOff: boolean('written_off').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'lost_articles_pk', columns: [t.tenantId, t.tagId] }),
    check('lost_articles_status_ck', sql`${t.status} in ('suspected', 'lost', 'found')`),
    check('lost_articles_cause_ck', sql`${t.cause} in ('inventory', 'unseen')`),
    index('lost_articles_tenant_status_idx').on(t.tenantId, t.status, t.suspectedAt.desc()),
  ],
);

/** The tenant's lost-article rules (none stored: the defaults, 1 inventory and 90 days). */
export const inventorySettings = pgTable('inventory_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  missedInventories: integer('missed_inventories').notNull().default(1),
  unseenDays: integer('unseen_days').notNull().default(90),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
