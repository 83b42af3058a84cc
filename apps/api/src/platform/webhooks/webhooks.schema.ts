import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/columns';

/**
 * A tenant's webhook endpoint (docs/webhooks.md): where its subscribed events are POSTed, signed with its secret
 * (stored sealed by secrets.ts, shown once at creation). Switched off (`enabled` false) after 24 h of failures.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...tenantColumns(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description'),
    /** The signing secret, sealed (AES-GCM under SECRETS_KEY): never answered, never exported. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** The last delivery it answered with a 2xx: what the switch-off rule compares a given-up delivery with. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    check('webhook_endpoints_events_ck', sql`cardinality(${t.events}) > 0`),
    // What each emission asks (hot paths): the tenant's endpoints that are on.
    index('webhook_endpoints_tenant_enabled_idx')
      .on(t.tenantId)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * One event for one endpoint, and the log of its delivery: sent by the outbox (topic `webhook`, key = this id);
 * `payload` is the body POSTed, the same at every try.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...tenantColumns(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The event's id, the same for every endpoint it goes to: the receiver's idempotency key. */
    eventId: uuid('event_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('webhook_deliveries_status_ck', sql`${t.status} in ('waiting', 'failed', 'sent', 'given_up')`),
    // An endpoint's deliveries, newest first; its last one in the endpoints' list.
    index('webhook_deliveries_endpoint_idx').on(t.tenantId, t.endpointId, t.id.desc()),
  ],
);
