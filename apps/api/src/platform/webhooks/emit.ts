import { sql, type SQL } from 'drizzle-orm';
import type { TWebhookEvent } from '@tagstock/contract';
import { queryPrepared, type Tx } from '../../db/client';
import { messagesQueued } from '../outbox/outbox';

/*
 * Emitting a webhook event (docs/webhooks.md), in the transaction of the change it reports: one delivery row and
 * one outbox message (topic `webhook`, key = the delivery's id) per enabled endpoint of the tenant subscribed to
 * the event, so that a rolled-back change sends nothing and a committed one is delivered at least once. Every event
 * gets an id (uuid), the same for all its endpoints: the receiver's idempotency key.
 *
 * Hot paths call this: a tenant with no endpoint for the event costs one query along an index (the partial index
 * of enabled endpoints by tenant), and a statement that already writes (a stock movement) carries the emission in
 * its own WITH (`webhookEmission`), at no extra round trip.
 */

export const WEBHOOK_TOPIC = 'webhook';

/**
 * The CTEs (for a `with`, after the caller's own) that queue `event` once per row of `source` — a query whose rows
 * have one jsonb column, the event's `data` — for each enabled endpoint of the tenant subscribed to it. `name`
 * prefixes their names (two emissions in one statement); `<name>_deliveries` holds the ids of what was queued.
 */
export function webhookEmission(name: string, tenantId: number, event: TWebhookEvent, source: SQL): SQL {
  const id = (suffix: string) => sql.identifier(`${name}_${suffix}`);
  const createdAt = new Date().toISOString();
  return sql`${id('endpoints')} as (
      select id from webhook_endpoints where tenant_id = ${tenantId} and enabled and ${event}::text = any(events)
    ),
    ${id('events')} as materialized (
      select gen_random_uuid() as id, s.data from (${source}) s(data)
      where exists (select 1 from ${id('endpoints')})
    ),
    ${id('deliveries')} as (
      insert into webhook_deliveries (tenant_id, endpoint_id, event, event_id, payload)
      select ${tenantId}, e.id, ${event}, v.id,
        jsonb_build_object('id', v.id, 'event', ${event}::text, 'createdAt', ${createdAt}::text,
          'tenantId', ${tenantId}::int, 'data', v.data)
      from ${id('endpoints')} e cross join ${id('events')} v
      returning id
    ),
    ${id('queued')} as (
      insert into outbox (tenant_id, topic, key, payload)
      select ${tenantId}, ${WEBHOOK_TOPIC}, d.id::text, jsonb_build_object('deliveryId', d.id) from ${id('deliveries')} d
      on conflict (tenant_id, topic, key) do nothing
    )`;
}

/** To call once the statement carrying `webhookEmission` answered how many deliveries it queued. */
export function webhooksQueued(count: number): void {
  if (count > 0) messagesQueued();
}

/**
 * Emits one event per item of `data` (a batch of unauthorized exits) in the caller's transaction: one statement
 * whatever the number of items and endpoints. Answers how many deliveries were queued.
 */
export async function emitWebhookEvents(
  tx: Tx,
  tenantId: number,
  event: TWebhookEvent,
  data: readonly Record<string, unknown>[],
): Promise<number> {
  if (!data.length) return 0;
  return emitWebhookEventsFrom(
    tx,
    tenantId,
    event,
    sql`select value from jsonb_array_elements(${JSON.stringify(data)}::jsonb)`,
  );
}

/** Emits one event per row of `source` (a query of one jsonb column, the event's data) in one statement. */
export async function emitWebhookEventsFrom(
  tx: Tx,
  tenantId: number,
  event: TWebhookEvent,
  source: SQL,
): Promise<number> {
  const [row] = await queryPrepared<{ queued: number }>(
    tx,
    sql`with ${webhookEmission('wh', tenantId, event, source)} select count(*)::int as queued from wh_deliveries`,
  );
  const queued = row?.queued ?? 0;
  webhooksQueued(queued);
  return queued;
}

/**
 * Emits one event in the caller's transaction, for the tenant's endpoints subscribed to it (docs/webhooks.md):
 * `await emitWebhookEvent(tx, tenantId, 'invoice.issued', { id, number, ... })`. One indexed query when the tenant
 * has none. Answers how many deliveries were queued.
 */
export const emitWebhookEvent = (
  tx: Tx,
  tenantId: number,
  event: TWebhookEvent,
  data: Record<string, unknown>,
): Promise<number> => emitWebhookEvents(tx, tenantId, event, [data]);
