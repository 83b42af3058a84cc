import { sql } from 'drizzle-orm';
import {
  SocketEvents,
  type TList,
  type TWebhookDelivery,
  type TWebhookDeliveryQuery,
  type TWebhookDisabledEvent,
  type TWebhookEndpoint,
  type TWebhookEndpointCreated,
  type TWebhookEndpointQuery,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { logActivity } from '../../platform/activity-log';
import { tenantScope, type AuthContext } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { PermanentFailure, type Outbox, type OutboxMessage, type OutboxOutcome } from '../../platform/outbox/outbox';
import { paginate, type ListSpec } from '../../platform/pagination';
import type { Realtime } from '../../platform/realtime';
import type { SecretBox } from '../../platform/secrets';
import { resolvePublic, UnsafeAddress } from '../../platform/webhooks/address';
import { messagesQueued } from '../../platform/outbox/outbox';
import { WEBHOOK_TOPIC } from '../../platform/webhooks/emit';
import { newWebhookSecret, signatureHeader } from '../../platform/webhooks/signature';
import { postJson } from './webhook-http';

/** A delivery is retried for 24 h after its first try, then given up. */
export const WEBHOOK_RETRY_MS = 24 * 3_600_000;

export type WebhooksOptions = {
  outbox: Pick<Outbox, 'handle' | 'retry' | 'kick'>;
  secrets: SecretBox;
  realtime: Pick<Realtime, 'notifyTenant'>;
  /** WEBHOOK_ALLOW_PRIVATE=1: endpoints may be private, loopback or link-local addresses. */
  allowPrivate: boolean;
  log: { warn(obj: unknown, msg: string): void };
};

type NewEndpoint = { url: string; events: string[]; description: string | null };

const endpointColumns = sql`e.id, e.url, e.events, e.description, e.enabled,
  ${isoUtc(sql`e.disabled_at`)} as "disabledAt", e.disabled_reason as "disabledReason",
  (select json_build_object('status', d.status, 'event', d.event, 'at', ${isoUtc(sql`d.created_at`)})
     from webhook_deliveries d where d.tenant_id = e.tenant_id and d.endpoint_id = e.id
     order by d.id desc limit 1) as "lastDelivery",
  ${isoUtc(sql`e.created_at`)} as "createdAt", ${isoUtc(sql`e.updated_at`)} as "updatedAt"`;

const deliveryColumns = sql`d.id, d.endpoint_id as "endpointId", d.event, d.event_id::text as "eventId", d.status,
  d.attempts, d.http_status as "httpStatus", d.duration_ms as "durationMs", d.error,
  ${isoUtc(sql`d.next_attempt_at`)} as "nextAttemptAt", ${isoUtc(sql`d.created_at`)} as "createdAt",
  ${isoUtc(sql`d.sent_at`)} as "sentAt"`;

const endpointList = (tenantId: number): ListSpec => ({
  columns: endpointColumns,
  from: sql`from webhook_endpoints e`,
  where: [sql`e.tenant_id = ${tenantId}`],
  search: [sql`e.url`, sql`e.description`],
  sort: { url: sql`e.url`, createdAt: sql`e.created_at`, enabled: sql`e.enabled` },
  defaultSort: 'createdAt:desc',
  tieBreaker: sql`e.id`,
});

async function findEndpoint(tx: Tx, tenantId: number, id: number): Promise<TWebhookEndpoint> {
  const [row] = await queryRows<TWebhookEndpoint>(
    tx,
    sql`select ${endpointColumns} from webhook_endpoints e where e.tenant_id = ${tenantId} and e.id = ${id}`,
  );
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

async function findDelivery(tx: Tx, tenantId: number, id: number): Promise<TWebhookDelivery> {
  const [row] = await queryRows<TWebhookDelivery>(
    tx,
    sql`select ${deliveryColumns} from webhook_deliveries d where d.tenant_id = ${tenantId} and d.id = ${id}`,
  );
  if (!row) throw notFound('Webhook delivery');
  return row;
}

/** The SSRF rule at registration: a refused or unknown host is the client's 400, on the `url` field. */
async function checkUrl(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await resolvePublic(new URL(url), allowPrivate);
  } catch (err) {
    if (err instanceof UnsafeAddress) {
      throw badRequest(
        'validation_failed',
        `Refused webhook URL: ${err.message}; webhooks go to public addresses only`,
        [{ field: 'url', message: err.message, code: 'private_address', params: { address: err.address } }],
      );
    }
    const host = new URL(url).hostname;
    throw badRequest('validation_failed', `Refused webhook URL: ${host} could not be resolved`, [
      { field: 'url', message: `${host} could not be resolved`, code: 'invalid_url' },
    ]);
  }
}

export function createWebhooksService(db: Db, opts: WebhooksOptions) {
  const scoped = tenantScope(db);

  /** HTTP statuses of the tries under way, for `settled` (the outcome carries only the error's text). */
  const answered = new Map<number, number>();

  async function send(message: OutboxMessage): Promise<Record<string, unknown>> {
    const deliveryId = Number(message.payload.deliveryId);
    const [row] = await withTenant(db, message.tenantId, (tx) =>
      queryRows<{
        payload: Record<string, unknown>;
        event: string;
        eventId: string;
        url: string;
        secret: string;
        enabled: boolean;
      }>(
        tx,
        sql`select d.payload, d.event, d.event_id::text as "eventId", e.url, e.secret, e.enabled
            from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id and e.tenant_id = d.tenant_id
            where d.tenant_id = ${message.tenantId} and d.id = ${deliveryId}`,
      ),
    );
    if (!row) throw new PermanentFailure('The delivery or its endpoint no longer exists');
    if (!row.enabled) throw new PermanentFailure('The endpoint is switched off');
    // The stored body, the same at every try (the receiver de-duplicates on Tagstock-Delivery).
    const body = JSON.stringify(row.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const result = await postJson(
      row.url,
      body,
      {
        'tagstock-event': row.event,
        'tagstock-delivery': row.eventId,
        'tagstock-signature': signatureHeader(opts.secrets.open(row.secret), timestamp, body),
      },
      { allowPrivate: opts.allowPrivate },
    );
    answered.set(message.id, result.status);
    if (result.status < 200 || result.status >= 300)
      throw new Error(`HTTP ${result.status}${result.answer ? `: ${result.answer.replace(/\s+/g, ' ').trim()}` : ''}`);
    return { httpStatus: result.status };
  }

  /**
   * The switch-off rule (docs/webhooks.md): a delivery given up after 24 h of tries, with no delivery to its
   * endpoint answered 2xx since that delivery was created, means the endpoint has failed everything for 24 h.
   */
  async function switchOffIfDead(tx: Tx, tenantId: number, deliveryId: number) {
    const reason = 'Every delivery failed for 24 hours';
    const [off] = await queryRows<{ id: number; url: string }>(
      tx,
      sql`update webhook_endpoints e set enabled = false, disabled_at = now(), disabled_reason = ${reason},
                 updated_at = now()
          from webhook_deliveries d
          where d.tenant_id = ${tenantId} and d.id = ${deliveryId} and e.id = d.endpoint_id
            and e.tenant_id = ${tenantId} and e.enabled
            and (e.last_success_at is null or e.last_success_at < d.created_at)
          returning e.id, e.url`,
    );
    if (!off) return undefined;
    await logActivity(tx, {
      tenantId,
      userId: null,
      entity: 'webhook',
      entityId: off.id,
      action: 'updated',
      summary: off.url,
      changes: [
        { field: 'enabled', from: true, to: false },
        { field: 'disabledReason', from: null, to: reason },
      ],
    });
    return { endpointId: off.id, url: off.url, reason } satisfies TWebhookDisabledEvent;
  }

  async function settled(message: OutboxMessage, outcome: OutboxOutcome): Promise<void> {
    const deliveryId = Number(message.payload.deliveryId);
    const httpStatus = answered.get(message.id) ?? null;
    answered.delete(message.id);
    const status = outcome.ok ? 'sent' : outcome.nextAttemptAt ? 'failed' : 'given_up';
    const next = !outcome.ok && outcome.nextAttemptAt ? outcome.nextAttemptAt.toISOString() : null;
    const disabled = await withTenant(db, message.tenantId, async (tx) => {
      const [row] = await queryRows<{ endpointId: number }>(
        tx,
        sql`update webhook_deliveries set status = ${status}, attempts = ${message.attempts},
                   http_status = ${httpStatus}, duration_ms = ${outcome.durationMs},
                   error = ${outcome.ok ? null : outcome.error}, next_attempt_at = ${next}::timestamptz,
                   sent_at = ${outcome.ok ? sql`now()` : sql`sent_at`}, updated_at = now()
            where tenant_id = ${message.tenantId} and id = ${deliveryId}
            returning endpoint_id as "endpointId"`,
      );
      if (!row) return undefined;
      if (outcome.ok) {
        await tx.execute(
          sql`update webhook_endpoints set last_success_at = now()
              where tenant_id = ${message.tenantId} and id = ${row.endpointId}`,
        );
        return undefined;
      }
      return status === 'given_up' ? switchOffIfDead(tx, message.tenantId, deliveryId) : undefined;
    });
    if (disabled) {
      opts.log.warn({ tenantId: message.tenantId, endpointId: disabled.endpointId }, 'webhook endpoint switched off');
      opts.realtime.notifyTenant(message.tenantId, SocketEvents.webhookDisabled, disabled);
    }
  }

  return {
    /** Registers the outbox handler of the topic `webhook` (the outbox's worker wakes when deliveries are queued). */
    start() {
      opts.outbox.handle(WEBHOOK_TOPIC, { send, settled, retryForMs: WEBHOOK_RETRY_MS });
    },

    list: (auth: AuthContext, q: TWebhookEndpointQuery): Promise<TList<TWebhookEndpoint>> =>
      scoped(auth, (tx, tenantId) => paginate<TWebhookEndpoint>(tx, endpointList(tenantId), q)),

    get: (auth: AuthContext, id: number): Promise<TWebhookEndpoint> =>
      scoped(auth, (tx, tenantId) => findEndpoint(tx, tenantId, id)),

    async create(auth: AuthContext, input: NewEndpoint): Promise<TWebhookEndpointCreated> {
      await checkUrl(input.url, opts.allowPrivate);
      const secret = newWebhookSecret();
      return scoped(auth, async (tx, tenantId) => {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into webhook_endpoints (tenant_id, url, events, description, secret)
              values (${tenantId}, ${input.url}, ${sql`array[${sql.join(
                input.events.map((e) => sql`${e}`),
                sql`, `,
              )}]::text[]`}, ${input.description}, ${opts.secrets.seal(secret)})
              returning id`,
        );
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: 'webhook',
          entityId: row!.id,
          action: 'created',
          summary: input.url,
          changes: [{ field: 'events', from: null, to: input.events }],
        });
        return { ...(await findEndpoint(tx, tenantId, row!.id)), secret };
      });
    },

    /** Switches an endpoint on (after it was switched off) or off. */
    setEnabled: (auth: AuthContext, id: number, enabled: boolean): Promise<TWebhookEndpoint> =>
      scoped(auth, async (tx, tenantId) => {
        const before = await findEndpoint(tx, tenantId, id);
        if (before.enabled === enabled) return before;
        await tx.execute(
          sql`update webhook_endpoints set enabled = ${enabled}, updated_at = now(),
                     disabled_at = ${enabled ? null : sql`now()`}, disabled_reason = null
              where tenant_id = ${tenantId} and id = ${id}`,
        );
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: 'webhook',
          entityId: id,
          action: 'updated',
          summary: before.url,
          changes: [{ field: 'enabled', from: before.enabled, to: enabled }],
        });
        return findEndpoint(tx, tenantId, id);
      }),

    /** Deletes an endpoint, its deliveries and what the outbox still had to send to it. */
    remove: (auth: AuthContext, id: number): Promise<void> =>
      scoped(auth, async (tx, tenantId) => {
        const before = await findEndpoint(tx, tenantId, id);
        await tx.execute(
          sql`delete from outbox o using webhook_deliveries d
              where o.tenant_id = ${tenantId} and o.topic = ${WEBHOOK_TOPIC} and o.key = d.id::text
                and d.tenant_id = ${tenantId} and d.endpoint_id = ${id}`,
        );
        await tx.execute(sql`delete from webhook_endpoints where tenant_id = ${tenantId} and id = ${id}`);
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: 'webhook',
          entityId: id,
          action: 'deleted',
          summary: before.url,
        });
      }),

    deliveries: (auth: AuthContext, endpointId: number, q: TWebhookDeliveryQuery): Promise<TList<TWebhookDelivery>> =>
      scoped(auth, async (tx, tenantId) => {
        await findEndpoint(tx, tenantId, endpointId);
        return paginate<TWebhookDelivery>(
          tx,
          {
            columns: deliveryColumns,
            from: sql`from webhook_deliveries d`,
            where: [
              sql`d.tenant_id = ${tenantId}`,
              sql`d.endpoint_id = ${endpointId}`,
              ...(q.status ? [sql`d.status = ${q.status}`] : []),
            ],
            sort: { id: sql`d.id` },
            defaultSort: 'id:desc',
            tieBreaker: sql`d.id`,
          },
          { ...q, sort: undefined },
        );
      }),

    /** "Send again": a failed or given-up delivery is tried again at once (one more try once given up). */
    retry: (auth: AuthContext, id: number): Promise<TWebhookDelivery> =>
      scoped(auth, async (tx, tenantId) => {
        const delivery = await findDelivery(tx, tenantId, id);
        if (delivery.status !== 'failed' && delivery.status !== 'given_up')
          throw badRequest('bad_request', `A delivery that is ${delivery.status} cannot be sent again`);
        const [message] = await queryRows<{ id: number }>(
          tx,
          sql`select id from outbox where tenant_id = ${tenantId} and topic = ${WEBHOOK_TOPIC} and key = ${String(id)}`,
        );
        if (!message || !(await opts.outbox.retry(tx, tenantId, message.id)))
          throw badRequest('bad_request', 'This delivery cannot be sent again');
        await tx.execute(
          sql`update webhook_deliveries set status = 'waiting', next_attempt_at = now(), updated_at = now()
              where tenant_id = ${tenantId} and id = ${id}`,
        );
        messagesQueued();
        return findDelivery(tx, tenantId, id);
      }),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
