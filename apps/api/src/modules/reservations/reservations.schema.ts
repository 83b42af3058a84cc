import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/columns';
import { users } from '../auth/auth.schema';
import { articles } from '../articles/articles.schema';
import { customers } from '../customers/customers.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * Units of an article held for a customer or a document (proforma, invoice, delivery note) through `until`.
 * Never deleted: a release keeps the row (status, when, cause) and the history says who.
 */
export const reservations = pgTable(
  'reservations',
  {
    ...tenantColumns(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    quantity: integer('quantity').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    /** The document the units are held for; no foreign key: one of several tables, checked when reserving. */
    documentType: text('document_type'),
    documentId: integer('document_id'),
    until: date('until').notNull(),
    status: text('status').notNull().default('active'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releaseCause: text('release_cause'),
    releaseReason: text('release_reason'),
    createdBy: integer('created_by').references(() => users.id),
  },
  (t) => [
    check('reservations_quantity_ck', sql`${t.quantity} > 0`),
    check('reservations_status_ck', sql`${t.status} in ('active', 'released', 'expired')`),
    check(
      'reservations_cause_ck',
      sql`${t.releaseCause} is null or ${t.releaseCause} in ('manual', 'delivery', 'cancellation', 'expiry')`,
    ),
    check(
      'reservations_document_ck',
      sql`(${t.documentType} is null) = (${t.documentId} is null)
        and (${t.documentType} is null or ${t.documentType} in ('proforma', 'invoice', 'delivery_note'))`,
    ),
    // What is reserved of an article (availability): only the active rows, few beside the released ones.
    index('reservations_active_article_idx')
      .on(t.tenantId, t.articleId)
      .where(sql`${t.status} = 'active'`),
    // The expiry job, across tenants.
    index('reservations_active_until_idx')
      .on(t.until)
      .where(sql`${t.status} = 'active'`),
    index('reservations_document_idx').on(t.tenantId, t.documentType, t.documentId),
    index('reservations_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('reservations_customer_idx').on(t.customerId),
  ],
);

/** The reservation history: every reservation and every release (with its cause), by whom and when. */
export const reservationEvents = pgTable(
  'reservation_events',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    event: text('event').notNull(),
    quantity: integer('quantity').notNull(),
    cause: text('cause'),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reservation_events_event_ck', sql`${t.event} in ('reserved', 'released')`),
    index('reservation_events_article_idx').on(t.tenantId, t.articleId, t.createdAt.desc(), t.id.desc()),
    index('reservation_events_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('reservation_events_reservation_idx').on(t.reservationId),
  ],
);
