import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TExitReason } from '@tagstock/contract';
import { tenantColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';
import { articles } from '../articles/articles.schema';
import { categories } from '../categories/categories.schema';
import { tenants } from '../tenants/tenants.schema';

export const tagFamilies = pgTable(
  'tag_families',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    countsInStock: boolean('counts_in_stock').notNull().default(true),
    alarmOnExit: boolean('alarm_on_exit').notNull().default(true),
  },
  (t) => [unique('tag_families_tenant_name_uq').on(t.tenantId, t.name)],
);

export const readers = pgTable(
  'readers',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    vendor: text('vendor', { enum: ['impinj', 'zebra'] }).notNull(),
    hostname: text('hostname'),
    mac: text('mac'),
    location: text('location').notNull(),
    role: text('role', { enum: ['exit_gate', 'storage', 'receiving'] }).notNull(),
    antennas: jsonb('antennas').$type<{ port: number; side: 'inner' | 'outer' | 'none' }[]>().notNull().default([]),
    heartbeatTimeoutSeconds: integer('heartbeat_timeout_seconds').notNull().default(120),
    presenceWindowSeconds: integer('presence_window_seconds').notNull().default(30),
    directionWindowSeconds: integer('direction_window_seconds').notNull().default(10),
    // sha256 of the random part of the secret; the secret itself is shown once.
    secretHash: text('secret_hash').notNull(),
    online: boolean('online').notNull().default(false),
    lastHeardAt: timestamp('last_heard_at', { withTimezone: true }),
  },
  (t) => [
    unique('readers_tenant_name_uq').on(t.tenantId, t.name),
    index('readers_online_idx').on(t.online, t.lastHeardAt),
    index('readers_hostname_idx').on(t.hostname),
    index('readers_mac_idx').on(t.mac),
  ],
);

export const tags = pgTable(
  'tags',
  {
    ...tenantColumns(),
    epc: text('epc').notNull(),
    tid: text('tid'),
    familyId: integer('family_id').references(() => tagFamilies.id),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    inStock: boolean('in_stock').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastReaderId: integer('last_reader_id').references(() => readers.id, { onDelete: 'set null' }),
    lastLocation: text('last_location'),
  },
  (t) => [
    unique('tags_tenant_epc_uq').on(t.tenantId, t.epc),
    index('tags_article_idx').on(t.articleId),
    index('tags_family_idx').on(t.familyId),
    index('tags_tenant_status_idx').on(t.tenantId, t.status),
    // The dashboard's non-active tags (a small share), in the list's default order: a page stops after its rows.
    index('tags_non_active_idx')
      .on(t.tenantId, t.epc.asc().nullsFirst(), t.id)
      .where(sql`${t.status} <> 'active'`),
  ],
);

export const terminals = pgTable(
  'terminals',
  {
    ...tenantColumns(),
    model: text('model').notNull(),
    imei: text('imei').notNull(),
    manufacturer: text('manufacturer'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  },
  (t) => [unique('terminals_tenant_imei_uq').on(t.tenantId, t.imei)],
);

export const consumers = pgTable(
  'consumers',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['person', 'service'] })
      .notNull()
      .default('person'),
    email: text('email'),
    phone: text('phone'),
    note: text('note'),
  },
  (t) => [index('consumers_tenant_name_idx').on(t.tenantId, t.name)],
);

export const attributions = pgTable(
  'attributions',
  {
    ...tenantColumns(),
    consumerId: integer('consumer_id').references(() => consumers.id),
    location: text('location'),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    note: text('note'),
  },
  (t) => [
    check('attributions_target_ck', sql`(${t.articleId} is null) <> (${t.tagId} is null)`),
    check('attributions_holder_ck', sql`${t.consumerId} is not null or ${t.location} is not null`),
    index('attributions_article_idx').on(t.articleId),
    index('attributions_tag_idx').on(t.tagId),
    index('attributions_consumer_idx').on(t.consumerId),
  ],
);

export const categoryAttributions = pgTable(
  'category_attributions',
  {
    ...tenantColumns(),
    consumerId: integer('consumer_id').references(() => consumers.id),
    location: text('location'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    note: text('note'),
  },
  (t) => [
    check('category_attributions_holder_ck', sql`${t.consumerId} is not null or ${t.location} is not null`),
    index('category_attributions_category_idx').on(t.categoryId),
    index('category_attributions_consumer_idx').on(t.consumerId),
  ],
);

/** Append-only log of tag movements (readers and handhelds). */
export const tagMovements = pgTable(
  'tag_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    eventType: text('event_type', { enum: ['IN', 'OUT', 'unknown', 'seen'] }).notNull(),
    epc: text('epc').notNull(),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    readerId: integer('reader_id').references(() => readers.id, { onDelete: 'set null' }),
    terminalId: integer('terminal_id').references(() => terminals.id, { onDelete: 'set null' }),
    location: text('location'),
    antenna: integer('antenna'),
    rssi: real('rssi'),
    source: text('source', { enum: ['impinj', 'zebra', 'mqtt', 'handheld'] }).notNull(),
    isAuthorized: boolean('is_authorized'),
    authorizationMessage: text('authorization_message'),
    /** The verdict's code and parameters (`TExitReason`), which the web names in the user's language. */
    authorizationReason: jsonb('authorization_reason').$type<TExitReason>(),
    stockDelta: integer('stock_delta').notNull().default(0),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Tag logs walk it newest first and stop after a page, whatever the table's size.
    index('tag_movements_tenant_seen_desc_idx').on(t.tenantId, t.seenAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    // The unauthorized exits, a small share of the movements, are what staff look for most.
    index('tag_movements_unauthorized_idx')
      .on(t.tenantId, t.seenAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.isAuthorized} = false`),
    index('tag_movements_tag_idx').on(t.tagId),
  ],
);

/**
 * The tag movements counted per tenant and UTC day, for the tags overview: a year is at most 366 days × a few
 * slots, however many movements it holds. Kept exact by statement-level triggers on tag_movements (migration
 * 0040: inserts, updates of any column, deletes, truncate), so no writer has to know of it. `slot` (the writing
 * backend's pid modulo 16) keeps concurrent writers of one tenant and day off a single row; a day's figures are
 * the sum of its slots (a slot may go negative when a movement is deleted by another backend than wrote it).
 */
export const tagMovementDays = pgTable(
  'tag_movement_days',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    day: date('day').notNull(),
    slot: smallint('slot').notNull(),
    inCount: integer('in_count').notNull().default(0),
    outCount: integer('out_count').notNull().default(0),
    unknownCount: integer('unknown_count').notNull().default(0),
    seenCount: integer('seen_count').notNull().default(0),
    unauthorizedCount: integer('unauthorized_count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'tag_movement_days_pk', columns: [t.tenantId, t.day, t.slot] })],
);

/** Presence of a tag in one antenna's field: the de-duplication state, shared by every process. */
export const tagPresences = pgTable(
  'tag_presences',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    readerId: integer('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    antenna: integer('antenna').notNull(),
    epc: text('epc').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    // The movement this presence started (an 'unknown' one may later become IN or OUT).
    movementId: bigint('movement_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.readerId, t.antenna, t.epc] })],
);

/** Idempotency keys of received reader events: a retried batch finds its keys here and changes nothing. */
export const ingestEvents = pgTable(
  'ingest_events',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    readerId: integer('reader_id')
      .notNull()
      .references(() => readers.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ingest_events_pk', columns: [t.readerId, t.eventKey] }),
    // Retention: old keys are deleted in order of arrival.
    index('ingest_events_received_idx').on(t.receivedAt),
  ],
);

/** Counting sessions uploaded by handhelds; the session id (chosen by the handheld) makes uploads idempotent. */
export const handheldSessions = pgTable(
  'handheld_sessions',
  {
    ...tenantColumns(),
    sessionId: uuid('session_id').notNull(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    location: text('location').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    readCount: integer('read_count').notNull(),
    knownCount: integer('known_count').notNull(),
  },
  (t) => [unique('handheld_sessions_tenant_session_uq').on(t.tenantId, t.sessionId)],
);
