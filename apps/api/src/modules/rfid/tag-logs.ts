import { sql } from 'drizzle-orm';
import {
  listOf,
  ZClientIdParams,
  ZListQuery,
  ZTag,
  ZTagLogQuery,
  ZTagMovement,
  ZTagsOverview,
  ZTagsOverviewQuery,
  ZTagsByFamily,
  type TListQuery,
  type TTag,
  type TTagLogQuery,
  type TTagMovement,
  type TTagsOverview,
  type TTagsOverviewQuery,
  type TTagsByFamily,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { tenantFromParam } from '../../platform/auth';
import { period } from '../../platform/period';
import { escapeLike, paginate, type ListSpec } from '../../platform/pagination';
import { tagColumns, tagFrom, tagSort, withGs1 } from './rfid.repository';

// Articles and readers are matched once (the article search is trigram-indexed), not joined row by row: a
// search reads each movement once with two ILIKEs and two hash lookups.
const movementSearch = (pattern: string) =>
  sql`(m.epc ilike ${pattern} or m.location ilike ${pattern}
       or m.article_id in (select article_ids_matching(${pattern}))
       or m.reader_id in (select r2.id from readers r2 where r2.name ilike ${pattern}))`;

export const TAG_LOG_COUNT_CAP = 10_000;

/** Tag logs: newest first, filtered by event type, unauthorized exits, reader, one movement and free text. */
export function tagLogSpec(tenantId: number, q: Omit<TTagLogQuery, 'page' | 'limit'>): ListSpec {
  return {
    columns: sql`m.id, m.event_type as "eventType", m.epc, m.tag_id as "tagId", m.article_id as "articleId",
      a.reference as "articleReference", a.designation as "articleDesignation", m.reader_id as "readerId",
      r.name as "readerName", m.terminal_id as "terminalId", m.location, m.antenna, m.rssi, m.source,
      m.is_authorized as "isAuthorized", m.authorization_message as "authorizationMessage",
      m.authorization_reason as "authorizationReason", m.stock_delta as "stockDelta",
      ${isoUtc(sql`m.seen_at`)} as "seenAt", ${isoUtc(sql`m.created_at`)} as "createdAt"`,
    from: sql`from tag_movements m left join articles a on a.id = m.article_id left join readers r on r.id = m.reader_id`,
    where: [
      sql`m.tenant_id = ${tenantId}`,
      ...(q.eventType ? [sql`m.event_type = ${q.eventType}`] : []),
      ...(q.unauthorized === 'true' ? [sql`m.is_authorized = false`] : []),
      ...(q.readerId ? [sql`m.reader_id = ${q.readerId}`] : []),
      ...(q.movementId ? [sql`m.id = ${q.movementId}`] : []),
    ],
    searchWith: movementSearch,
    sort: { seenAt: sql`m.seen_at`, eventType: sql`m.event_type`, epc: sql`m.epc`, location: sql`m.location` },
    defaultSort: 'seenAt:desc',
    tieBreaker: sql`m.id desc`,
    // A busy site writes millions of movements: counting them all would cost more than the page itself.
    countCap: TAG_LOG_COUNT_CAP,
  };
}

type DayCounts = TTagsOverview['byDay'][number] & Pick<TTagsOverview['movements'], 'unknown' | 'seen'>;

/**
 * The tags overview of a period (UTC days). Its movements are counted per day in one pass, the period's totals
 * being the days' sums: without a `note`, from tag_movement_days (the movements counted per tenant and day by the
 * database's triggers: a year is a few hundred rows, however many movements it holds); with a `note`, from the
 * movements themselves, which the note searches with their articles and readers.
 */
export async function tagsOverview(tx: Tx, tenantId: number, q: TTagsOverviewQuery): Promise<TTagsOverview> {
  const { from, to } = period(q);
  const perDay = q.note
    ? sql`select (m.seen_at at time zone 'UTC')::date as day,
                 count(*) filter (where m.event_type = 'IN')::int as "in",
                 count(*) filter (where m.event_type = 'OUT')::int as "out",
                 count(*) filter (where m.event_type = 'unknown')::int as "unknown",
                 count(*) filter (where m.event_type = 'seen')::int as "seen",
                 count(*) filter (where m.is_authorized = false)::int as "unauthorized"
            from tag_movements m
           where m.tenant_id = ${tenantId}
             and m.seen_at >= ${from}::date::timestamp at time zone 'UTC'
             and m.seen_at < (${to}::date + 1)::timestamp at time zone 'UTC'
             and ${movementSearch(`%${escapeLike(q.note)}%`)}
           group by 1`
    : sql`select day, sum(in_count)::int as "in", sum(out_count)::int as "out",
                 sum(unknown_count)::int as "unknown", sum(seen_count)::int as "seen",
                 sum(unauthorized_count)::int as "unauthorized"
            from tag_movement_days
           where tenant_id = ${tenantId} and day between ${from}::date and ${to}::date
           group by day`;
  // One after another: a transaction is one connection, which runs one query at a time (pg 9 refuses more).
  const [tagsRow] = await queryRows<TTagsOverview['tags']>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where status = 'active')::int as active,
            count(*) filter (where status <> 'active')::int as "nonActive",
            count(*) filter (where article_id is not null)::int as bound,
            count(*) filter (where in_stock and article_id is not null)::int as "inStock"
          from tags where tenant_id = ${tenantId}`,
  );
  // Every day of the period, with its counts or zeros.
  const days = await queryRows<DayCounts>(
    tx,
    sql`with per_day as (${perDay})
        select to_char(d, 'YYYY-MM-DD') as date, coalesce(p."in", 0) as "in", coalesce(p."out", 0) as "out",
               coalesce(p."unknown", 0) as "unknown", coalesce(p."seen", 0) as "seen",
               coalesce(p.unauthorized, 0) as "unauthorized"
          from generate_series(${from}::date, ${to}::date, interval '1 day') d
          left join per_day p on p.day = d::date
          order by d`,
  );
  const [readerRow] = await queryRows<TTagsOverview['readers']>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where online)::int as online from readers where tenant_id = ${tenantId}`,
  );
  const movements = { in: 0, out: 0, unknown: 0, seen: 0, unauthorized: 0 };
  for (const d of days) for (const k of Object.keys(movements) as (keyof typeof movements)[]) movements[k] += d[k];
  return {
    tags: tagsRow!,
    movements,
    byDay: days.map((d) => ({ date: d.date, in: d.in, out: d.out, unauthorized: d.unauthorized })),
    readers: readerRow!,
  };
}

/**
 * Tags per family (the "category tags" table): one pass over the tenant's tags grouped by family, joined to every
 * family of the tenant so that a family without tags shows zeros; tags of no family come last as one row.
 */
export async function tagsByFamily(tx: Tx, tenantId: number): Promise<TTagsByFamily> {
  return queryRows<TTagsByFamily[number]>(
    tx,
    sql`with counts as (
          select family_id,
                 count(*) filter (where article_id is not null and in_stock)::int as "inStock",
                 count(*) filter (where article_id is not null and not in_stock)::int as "out",
                 count(*) filter (where article_id is null)::int as unbound,
                 count(*)::int as total
          from tags where tenant_id = ${tenantId} group by family_id)
        select f.id as "familyId", f.name as "familyName", coalesce(c."inStock", 0) as "inStock",
               coalesce(c."out", 0) as "out", coalesce(c.unbound, 0) as unbound, coalesce(c.total, 0) as total
          from tag_families f left join counts c on c.family_id = f.id
          where f.tenant_id = ${tenantId}
        union all
        select null, null, c."inStock", c."out", c.unbound, c.total from counts c where c.family_id is null
        order by 2 nulls last, 1`,
  );
}

export function tagLogRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/redear/TagMouvement/:id',
      {
        schema: {
          tags: ['tags'],
          params: ZClientIdParams,
          querystring: ZTagLogQuery,
          response: { 200: listOf(ZTagMovement) },
        },
        preHandler: app.requirePermission('tags.read'),
      },
      (req) => {
        const tenantId = tenantFromParam(req.auth, req.params.id);
        return withTenant(db, tenantId, (tx) => paginate<TTagMovement>(tx, tagLogSpec(tenantId, req.query), req.query));
      },
    );
    app.get(
      '/dashboard/tags/overview/:id',
      {
        schema: {
          tags: ['dashboard'],
          params: ZClientIdParams,
          querystring: ZTagsOverviewQuery,
          response: { 200: ZTagsOverview },
        },
        preHandler: app.requirePermission('dashboard.read'),
      },
      (req) => {
        const tenantId = tenantFromParam(req.auth, req.params.id);
        return withTenant(db, tenantId, (tx) => tagsOverview(tx, tenantId, req.query));
      },
    );
    app.get(
      '/dashboard/tags/by-family/:id',
      {
        schema: { tags: ['dashboard'], params: ZClientIdParams, response: { 200: ZTagsByFamily } },
        preHandler: app.requirePermission('dashboard.read'),
      },
      (req) => {
        const tenantId = tenantFromParam(req.auth, req.params.id);
        return withTenant(db, tenantId, (tx) => tagsByFamily(tx, tenantId));
      },
    );
    app.get(
      '/dashboard/tags/non-active/:id',
      {
        schema: {
          tags: ['dashboard'],
          params: ZClientIdParams,
          querystring: ZListQuery,
          response: { 200: listOf(ZTag) },
        },
        preHandler: app.requirePermission('dashboard.read'),
      },
      async (req) => {
        const tenantId = tenantFromParam(req.auth, req.params.id);
        const q = req.query as TListQuery;
        const page = await withTenant(db, tenantId, (tx) =>
          paginate<Omit<TTag, 'gtin' | 'serial'>>(
            tx,
            {
              columns: tagColumns,
              from: tagFrom,
              where: [sql`t.tenant_id = ${tenantId}`, sql`t.status <> 'active'`],
              search: [sql`t.epc`, sql`a.reference`, sql`a.designation`],
              sort: tagSort,
              defaultSort: 'epc:asc',
              tieBreaker: sql`t.id`,
            },
            q,
          ),
        );
        return { ...page, items: page.items.map(withGs1) };
      },
    );
  };
}
