import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { periodic } from '../../platform/periodic';
import { deleteInChunks } from '../../platform/prune';
import { WEBHOOK_TOPIC } from '../../platform/webhooks/emit';

/**
 * How long a delivery that is over (sent, or given up after its day of retries) stays in its endpoint's log: then
 * it is deleted with its outbox message (whose key, the delivery's id, is never queued again). Deliveries still being
 * tried are kept whatever their age. Without it, every event of every endpoint would be kept forever.
 */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
const INTERVAL_MS = 60 * 60_000;

export function createWebhookRetention(db: Db, log: { error(obj: unknown, msg: string): void }) {
  const prune = (now = new Date()) => {
    const cutoff = new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
    return deleteInChunks(
      db,
      (limit) =>
        sql`with gone as (
              delete from webhook_deliveries where id in (
                select id from webhook_deliveries
                where status in ('sent', 'given_up') and created_at < ${cutoff}::timestamptz
                limit ${limit})
              returning tenant_id, id),
            messages as (
              delete from outbox o using gone g
              where o.tenant_id = g.tenant_id and o.topic = ${WEBHOOK_TOPIC} and o.key = g.id::text)
            select count(*)::int as n from gone`,
    );
  };
  return { prune, ...periodic('webhook delivery retention', INTERVAL_MS, prune, log) };
}
