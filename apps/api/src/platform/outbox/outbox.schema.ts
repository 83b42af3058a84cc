import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../db/columns';

/**
 * What must leave the process once a transaction commits (a document for the approved platform, a status message,
 * a webhook delivery): written in the same transaction as what it reports, sent by the outbox worker afterwards.
 * `key` names the message within its topic, so queueing it twice queues it once.
 */
export const outbox = pgTable(
  'outbox',
  {
    ...tenantColumns(),
    topic: text('topic').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** waiting: not tried yet or to be tried again; failed: the last try failed (retried while next_attempt_at is set). */
    status: text('status').notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    /** A worker holds the message until then; a process killed mid-send leaves it to the next after that. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** What the receiver answered (a flow id, an HTTP status). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('outbox_tenant_topic_key_uq').on(t.tenantId, t.topic, t.key),
    check('outbox_status_ck', sql`${t.status} in ('waiting', 'failed', 'sent')`),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} <> 'sent' and ${t.nextAttemptAt} is not null`),
    index('outbox_tenant_topic_status_idx').on(t.tenantId, t.topic, t.status, t.id.desc()),
  ],
);
