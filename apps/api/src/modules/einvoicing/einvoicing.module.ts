import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listOf,
  ZEinvoicingSettings,
  ZEinvoicingSettingsInput,
  ZEinvoicingTest,
  ZIdParams,
  ZLifecycleEvents,
  ZLifecycleSend,
  ZOk,
  ZOutboxItem,
  ZOutboxQuery,
  SocketEvents,
  type TEinvoiceDocumentKind,
  type TEinvoiceFlowsRead,
  type TLifecycleSend,
  type TOutboxItem,
  type TOutboxQuery,
  type TPermission,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { tenantScope, type AuthContext } from '../../platform/auth';
import type { KeepsIssuedPdf } from '../../platform/documents/issued-pdfs';
import { conflict, notFound, sendProblem, problem } from '../../platform/errors';
import { escapeLike } from '../../platform/pagination';
import type { Outbox } from '../../platform/outbox/outbox';
import type { Realtime } from '../../platform/realtime';
import { secretBox } from '../../platform/secrets';
import type { ReceivedInvoicesService } from '../received-invoices/received-invoices.service';
import { appendLifecycle, assertLifecycleDocument, lifecycleOf, transactionNow } from './lifecycle';
import { verifyWebhookSignature } from './platform/webhook-signature';
import { createReceiving } from './receiving';
import { DOCUMENT_TOPIC, newEventId, queueStatus, registerSenders, STATUS_TOPIC } from './sending';
import { createEinvoicingSettings, readSettings, type AdapterFactory } from './settings';

export type EinvoicingOptions = {
  outbox: Outbox;
  secretsKey: string;
  /** This server's address as the platform reaches it; no webhook is subscribed without it. */
  publicUrl?: string;
  documents: readonly KeepsIssuedPdf[];
  received: ReceivedInvoicesService;
  log: { error(obj: unknown, msg: string): void };
  adapter?: AdapterFactory;
  realtime?: Pick<Realtime, 'notifyTenant'>;
};

export const PLATFORM_WEBHOOK_PATH = '/einvoicing/platform-webhook';

const outboxColumns = sql`o.id, case o.topic when ${DOCUMENT_TOPIC} then 'document' else 'status' end as message,
  o.payload->>'kind' as "documentKind", (o.payload->>'id')::int as "documentId",
  coalesce(i.number, cn.number, r.number) as "documentNumber", o.payload->>'code' as code, o.status, o.attempts,
  o.last_error as "lastError", ${isoUtc(sql`o.next_attempt_at`)} as "nextAttemptAt",
  ${isoUtc(sql`o.sent_at`)} as "sentAt", ${isoUtc(sql`o.created_at`)} as "createdAt",
  o.result->>'flowId' as "flowId"`;

const outboxFrom = sql`from outbox o
  left join invoices i on o.payload->>'kind' = 'invoice' and i.tenant_id = o.tenant_id and i.id = (o.payload->>'id')::int
  left join credit_notes cn on o.payload->>'kind' = 'credit_note' and cn.tenant_id = o.tenant_id
    and cn.id = (o.payload->>'id')::int
  left join received_invoices r on o.payload->>'kind' = 'received_invoice' and r.tenant_id = o.tenant_id
    and r.id = (o.payload->>'id')::int`;

async function outboxList(tx: Tx, tenantId: number, q: TOutboxQuery) {
  const where = [
    sql`o.tenant_id = ${tenantId}`,
    sql`o.topic in (${DOCUMENT_TOPIC}, ${STATUS_TOPIC})`,
    ...(q.status ? [sql`o.status = ${q.status}`] : []),
    ...(q.documentKind ? [sql`o.payload->>'kind' = ${q.documentKind}`] : []),
    ...(q.documentId ? [sql`o.payload->>'id' = ${String(q.documentId)}`] : []),
    ...(q.search ? [sql`coalesce(i.number, cn.number, r.number) ilike ${`%${escapeLike(q.search)}%`}`] : []),
  ];
  const cond = sql.join(where, sql` and `);
  const items = await queryRows<TOutboxItem>(
    tx,
    sql`select ${outboxColumns} ${outboxFrom} where ${cond} order by o.id desc
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const [count] = await queryRows<{ total: number }>(
    tx,
    sql`select count(*)::int as total ${outboxFrom} where ${cond}`,
  );
  return { items, total: count?.total ?? 0, page: q.page, limit: q.limit };
}

/**
 * The approved platform (DESIGN §4d): its settings on the company screen, what waits to be sent, the lifecycle of
 * every e-invoice, the statuses our users send about received invoices, and the platform's webhook.
 */
export function einvoicingModule(db: Db, options: EinvoicingOptions) {
  const scoped = tenantScope(db);
  const box = secretBox(options.secretsKey);
  const publicUrl = options.publicUrl;
  const settings = createEinvoicingSettings(db, box, {
    ...(options.adapter ? { adapter: options.adapter } : {}),
    callbackUrl: (tenantId) => (publicUrl ? `${publicUrl}/backend/api${PLATFORM_WEBHOOK_PATH}/${tenantId}` : null),
  });
  registerSenders(db, options.outbox, settings, options.documents);
  const receiving = createReceiving(db, settings, options.received, options.log, (tenantId, read) =>
    options.realtime?.notifyTenant(tenantId, SocketEvents.einvoiceFlowsRead, {
      documents: read.flatMap((o) => {
        const [documentKind, id] = (o.recordedAs ?? '').split(':');
        return documentKind && id
          ? [{ documentKind: documentKind as TEinvoiceDocumentKind, documentId: Number(id) }]
          : [];
      }),
    } satisfies TEinvoiceFlowsRead),
  );

  const lifecycle = (auth: AuthContext, kind: TEinvoiceDocumentKind, id: number) =>
    scoped(auth, async (tx, tenantId) => {
      await assertLifecycleDocument(tx, tenantId, kind, id);
      return lifecycleOf(tx, tenantId, kind, id, auth.session.language ?? 'fr');
    });

  /** A status the buyer's user gives a received invoice: kept in its history and sent to the seller (CDAR). */
  const sendStatus = (auth: AuthContext, id: number, body: TLifecycleSend) =>
    scoped(auth, async (tx, tenantId) => {
      await assertLifecycleDocument(tx, tenantId, 'received_invoice', id);
      if (!(await settings.connection(tx, tenantId)))
        throw conflict('einvoicing_not_configured', 'No approved platform is connected to send this status');
      const at = await transactionNow(tx);
      await appendLifecycle(tx, tenantId, 'received_invoice', id, {
        code: body.code,
        source: 'user',
        at,
        reasonCode: body.reasonCode,
        note: body.note,
        userId: auth.userId,
      });
      await queueStatus(tx, tenantId, {
        kind: 'received_invoice',
        id,
        eventId: newEventId(),
        code: body.code,
        reasonCode: body.reasonCode,
        note: body.note,
        at,
      });
      return lifecycleOf(tx, tenantId, 'received_invoice', id, auth.session.language ?? 'fr');
    });

  const routes: FastifyPluginAsyncZod = async (app) => {
    const read = app.requirePermission('einvoicing.read');
    const write = app.requirePermission('einvoicing.write');
    const tags = ['einvoicing'];

    app.get(
      '/einvoicing/settings',
      { schema: { tags, response: { 200: ZEinvoicingSettings } }, preHandler: read },
      (req) => settings.get(req.auth),
    );
    app.put(
      '/einvoicing/settings',
      { schema: { tags, body: ZEinvoicingSettingsInput, response: { 200: ZEinvoicingSettings } }, preHandler: write },
      (req) => settings.save(req.auth, req.body),
    );
    app.post(
      '/einvoicing/settings/test',
      { schema: { tags, response: { 200: ZEinvoicingTest } }, preHandler: write },
      (req) => settings.test(req.auth),
    );
    app.get(
      '/einvoicing/outbox',
      { schema: { tags, querystring: ZOutboxQuery, response: { 200: listOf(ZOutboxItem) } }, preHandler: read },
      (req) => scoped(req.auth, (tx, tenantId) => outboxList(tx, tenantId, req.query)),
    );
    app.post(
      '/einvoicing/outbox/:id/retry',
      { schema: { tags, params: ZIdParams, response: { 200: ZOk } }, preHandler: write },
      async (req) => {
        const retried = await scoped(req.auth, (tx, tenantId) => options.outbox.retry(tx, tenantId, req.params.id));
        if (!retried) throw notFound('Failed message');
        options.outbox.kick();
        return { ok: true as const };
      },
    );
    app.post(
      '/einvoicing/poll',
      { schema: { tags, response: { 200: z.object({ read: z.number().int() }) } }, preHandler: write },
      async (req) => {
        const tenantId = await scoped(req.auth, async (tx, t) => {
          if (!(await settings.connection(tx, t)))
            throw conflict('einvoicing_not_configured', 'No approved platform is connected');
          return t;
        });
        return { read: (await receiving.poll(tenantId)).length };
      },
    );

    for (const [path, kind, permission] of [
      ['/invoices', 'invoice', 'invoices.read'],
      ['/credit-notes', 'credit_note', 'invoices.read'],
      ['/received-invoices', 'received_invoice', 'receivedInvoices.read'],
    ] as const satisfies readonly (readonly [string, TEinvoiceDocumentKind, TPermission])[])
      app.get(
        `${path}/:id/lifecycle`,
        {
          schema: { tags: ['einvoicing'], params: ZIdParams, response: { 200: ZLifecycleEvents } },
          preHandler: app.requirePermission(permission),
        },
        (req) => lifecycle(req.auth, kind, req.params.id),
      );
    app.post(
      '/received-invoices/:id/lifecycle',
      {
        schema: { tags: ['einvoicing'], params: ZIdParams, body: ZLifecycleSend, response: { 200: ZLifecycleEvents } },
        preHandler: app.requirePermission('receivedInvoices.write'),
      },
      (req) => sendStatus(req.auth, req.params.id, req.body),
    );
  };

  /**
   * The platform's call when a flow arrives for a tenant: signed with the key it gave at subscription (refused
   * otherwise), answered at once; the flows are then read as the poll reads them.
   */
  const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    app.post(
      `${PLATFORM_WEBHOOK_PATH}/:id`,
      { schema: { tags: ['einvoicing'], params: ZIdParams, response: { 202: ZOk } } },
      async (req, reply) => {
        const tenantId = req.params.id;
        const secret = await withTenant(db, tenantId, async (tx) =>
          (await readSettings(tx, tenantId))?.enabled ? settings.webhookSecret(tx, tenantId) : null,
        );
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const verdict = secret ? verifyWebhookSignature(secret, req.headers, raw) : { ok: false as const };
        if (!verdict.ok)
          return sendProblem(reply, problem(401, 'invalid_token', 'The call is not signed by the platform'));
        receiving.poll(tenantId).catch((err: unknown) => options.log.error(err, 'approved platform poll failed'));
        return reply.code(202).send({ ok: true as const });
      },
    );
  };

  return { settings, receiving, routes, webhookRoutes, documents: options.documents };
}
