import { sql } from 'drizzle-orm';
import {
  listOf,
  reservationToday,
  ZIdParams,
  ZReservation,
  ZReservationHistoryEntry,
  ZReservationHistoryQuery,
  ZReservationInput,
  ZReservationListQuery,
  ZReservationRelease,
  ZOk,
  type TReservation,
  type TReservationHistoryEntry,
  type TReservationHistoryQuery,
  type TReservationListQuery,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { queryRows, withPlatform, type Db, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { tenantScope, type AuthContext } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { paginate, type ListSpec } from '../../platform/pagination';
import { periodic } from '../../platform/periodic';
import { holding, reservationDay } from './availability';
import {
  checkReservationReferences,
  documentNumberOf,
  EXPIRY_CHUNK,
  expireChunk,
  releaseReservation,
  reserve,
} from './reservations.service';

/** What a reservation shows: `expired` as soon as its day has passed, whether the job ran or not. */
const statusOf = sql`case when r.status = 'active' and r.until < ${reservationDay} then 'expired' else r.status end`;

const columns = sql`r.id, r.article_id as "articleId", a.reference, a.designation, r.quantity,
  r.customer_id as "customerId", c.name as "customerName", r.document_type as "documentType",
  r.document_id as "documentId", ${documentNumberOf('r')} as "documentNumber", to_char(r.until, 'YYYY-MM-DD') as until,
  ${statusOf} as status, ${isoUtc(sql`r.released_at`)} as "releasedAt", r.release_cause as "releaseCause",
  r.release_reason as "releaseReason", u.name as "createdByName",
  ${isoUtc(sql`r.created_at`)} as "createdAt", ${isoUtc(sql`r.updated_at`)} as "updatedAt"`;
// Authors joined only among the tenant's users (the platform's people are never named to a tenant).
const from = sql`from reservations r join articles a on a.id = r.article_id and a.tenant_id = r.tenant_id
  left join customers c on c.id = r.customer_id and c.tenant_id = r.tenant_id
  left join users u on u.id = r.created_by and u.tenant_id = r.tenant_id`;

const byStatus = {
  active: holding('r'),
  released: sql`r.status = 'released'`,
  expired: sql`(r.status = 'expired' or (r.status = 'active' and r.until < ${reservationDay}))`,
};

function listSpec(tenantId: number, q: Omit<TReservationListQuery, 'page' | 'limit'>): ListSpec {
  return {
    columns,
    from,
    where: [
      sql`r.tenant_id = ${tenantId}`,
      ...(q.articleId ? [sql`r.article_id = ${q.articleId}`] : []),
      ...(q.customerId ? [sql`r.customer_id = ${q.customerId}`] : []),
      ...(q.status ? [byStatus[q.status]] : []),
      ...(q.documentType ? [sql`r.document_type = ${q.documentType}`] : []),
      ...(q.documentId ? [sql`r.document_id = ${q.documentId}`] : []),
    ],
    search: [sql`a.reference`, sql`a.designation`, sql`c.name`],
    sort: {
      createdAt: sql`r.created_at`,
      until: sql`r.until`,
      quantity: sql`r.quantity`,
      reference: sql`a.reference`,
      designation: sql`a.designation`,
      customerName: sql`c.name`,
      status: statusOf,
    },
    defaultSort: 'createdAt:desc',
    tieBreaker: sql`r.id`,
  };
}

function historySpec(tenantId: number, q: Omit<TReservationHistoryQuery, 'page' | 'limit'>): ListSpec {
  return {
    columns: sql`e.id, e.reservation_id as "reservationId", e.article_id as "articleId", a.reference, a.designation,
      e.event, e.quantity, e.cause, e.reason, c.name as "customerName", r.document_type as "documentType",
      r.document_id as "documentId", u.name as "userName", ${isoUtc(sql`e.created_at`)} as "createdAt"`,
    from: sql`from reservation_events e
      join reservations r on r.id = e.reservation_id and r.tenant_id = e.tenant_id
      join articles a on a.id = e.article_id and a.tenant_id = e.tenant_id
      left join customers c on c.id = r.customer_id and c.tenant_id = r.tenant_id
      left join users u on u.id = e.user_id and u.tenant_id = e.tenant_id`,
    where: [
      sql`e.tenant_id = ${tenantId}`,
      ...(q.articleId ? [sql`e.article_id = ${q.articleId}`] : []),
      ...(q.reservationId ? [sql`e.reservation_id = ${q.reservationId}`] : []),
    ],
    search: [sql`a.reference`, sql`a.designation`, sql`c.name`, sql`e.reason`],
    sort: { createdAt: sql`e.created_at` },
    defaultSort: 'createdAt:desc',
    tieBreaker: sql`e.id`,
  };
}

const findOne = async (tx: Tx, tenantId: number, id: number) =>
  (
    await queryRows<TReservation>(tx, sql`select ${columns} ${from} where r.id = ${id} and r.tenant_id = ${tenantId}`)
  )[0];

/** How often the expiry job looks for reservations past their day. */
export const RESERVATION_EXPIRY_MS = 10 * 60_000;

/**
 * The expiry job: releases (cause `expiry`) the reservations of every tenant past their day, a short platform
 * transaction per chunk. Retry-safe: only active rows change, so a rerun or a second process expires nothing twice.
 */
export function reservationExpiry(db: Db, log: { error(obj: unknown, msg: string): void }) {
  const run = async (now = new Date()) => {
    const day = reservationToday(now);
    let total = 0;
    for (;;) {
      const n = await withPlatform(db, (tx) => expireChunk(tx, day));
      total += n;
      if (n < EXPIRY_CHUNK) return total;
    }
  };
  return { run, ...periodic('reservation expiry', RESERVATION_EXPIRY_MS, run, log) };
}

/** Stock reservations (SPEC "reservation history"): list, reserve, release by hand, history; the expiry job. */
export function reservationsModule(db: Db) {
  const scoped = tenantScope(db);
  const service = {
    list: (auth: AuthContext, q: TReservationListQuery) =>
      scoped(auth, (tx, tenantId) => paginate<TReservation>(tx, listSpec(tenantId, q), q)),
    history: (auth: AuthContext, q: TReservationHistoryQuery) =>
      scoped(auth, (tx, tenantId) => paginate<TReservationHistoryEntry>(tx, historySpec(tenantId, q), q)),
    create: (auth: AuthContext, input: z.output<typeof ZReservationInput>) =>
      scoped(auth, async (tx, tenantId) => {
        await checkReservationReferences(tx, tenantId, input);
        const [id] = await reserve(tx, { tenantId, userId: auth.userId }, [input], { ...input, mode: 'exact' });
        return (await findOne(tx, tenantId, id!))!;
      }),
    release: (auth: AuthContext, id: number, reason: string | null) =>
      scoped(auth, async (tx, tenantId) => {
        await releaseReservation(tx, { tenantId, userId: auth.userId }, id, reason);
        return { ok: true as const };
      }),
    get: (auth: AuthContext, id: number) =>
      scoped(
        auth,
        async (tx, tenantId) => (await findOne(tx, tenantId, id)) ?? Promise.reject(notFound('reservation')),
      ),
  };

  const routes: FastifyPluginAsyncZod = async (app) => {
    const read = app.requirePermission('reservations.read');
    const write = app.requirePermission('reservations.write');
    const tags = ['reservations'];
    const expiry = reservationExpiry(db, app.log);
    app.addHook('onReady', async () => expiry.start());
    app.addHook('onClose', async () => expiry.stop());

    app.get(
      '/reservations',
      {
        schema: { tags, querystring: ZReservationListQuery, response: { 200: listOf(ZReservation) } },
        preHandler: read,
      },
      (req) => service.list(req.auth, req.query),
    );
    app.get(
      '/reservations/history',
      {
        schema: { tags, querystring: ZReservationHistoryQuery, response: { 200: listOf(ZReservationHistoryEntry) } },
        preHandler: read,
      },
      (req) => service.history(req.auth, req.query),
    );
    app.get(
      '/reservations/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZReservation } }, preHandler: read },
      (req) => service.get(req.auth, req.params.id),
    );
    app.post(
      '/reservations',
      { schema: { tags, body: ZReservationInput, response: { 200: ZReservation } }, preHandler: write },
      (req) => service.create(req.auth, req.body),
    );
    app.delete(
      '/reservations/:id',
      {
        schema: { tags, params: ZIdParams, querystring: ZReservationRelease, response: { 200: ZOk } },
        preHandler: write,
      },
      (req) => service.release(req.auth, req.params.id, req.query.reason),
    );
  };
  return { service, routes };
}
