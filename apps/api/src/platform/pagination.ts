import { sql, type SQL } from 'drizzle-orm';
import type { TList, TListQuery } from '@tagstock/contract';
import { queryRows, type Tx } from '../db/client';
import { isoUtc } from '../db/sql-fragments';
import { badRequest } from './errors';

/** What a resource declares once so that every list answers `page, limit, search, sort` the same way. */
export type ListSpec = {
  columns: SQL;
  from: SQL;
  where?: SQL[];
  /** Expressions matched with ILIKE against the search term (any of them). */
  search?: SQL[];
  /** Instead of `search`: a condition built from the ILIKE pattern (e.g. an indexed search function). */
  searchWith?: (pattern: string) => SQL;
  /** Sortable fields by their public name. */
  sort: Record<string, SQL>;
  defaultSort: `${string}:${'asc' | 'desc'}`;
  /** A unique tie-breaker so that pages never overlap. */
  tieBreaker: SQL;
  /** Ordered before the chosen sort (e.g. a supplier's articles first). */
  leadingOrder?: SQL;
  /** Counts at most this many rows (a table of millions): the total then says "more than". */
  countCap?: number;
};

export type TenantListOptions = {
  table: string;
  alias: string;
  columns: SQL;
  joins?: SQL;
  where?: SQL[];
  search?: SQL[];
  sort: Record<string, SQL>;
  defaultSort: ListSpec['defaultSort'];
};

/** The declared list plus the `createdAt` / `updatedAt` columns and the id tie-breaker, under `where`. */
function ownedList(
  opts: TenantListOptions,
  where: SQL[],
  extra?: { columns: SQL; joins: SQL; search: SQL[]; sort: Record<string, SQL> },
): ListSpec {
  const a = sql.raw(opts.alias);
  return {
    columns: sql`${opts.columns}, ${isoUtc(sql`${a}.created_at`)} as "createdAt", ${isoUtc(sql`${a}.updated_at`)} as "updatedAt"${extra ? sql`, ${extra.columns}` : sql``}`,
    from: sql`from ${sql.identifier(opts.table)} ${a} ${opts.joins ?? sql``} ${extra?.joins ?? sql``}`,
    where: [...where, ...(opts.where ?? [])],
    search: [...(opts.search ?? []), ...(extra?.search ?? [])],
    sort: { createdAt: sql`${a}.created_at`, ...opts.sort, ...extra?.sort },
    defaultSort: opts.defaultSort,
    tieBreaker: sql`${a}.id`,
  };
}

/** The list of a tenant-owned table aliased `alias`, for one tenant. */
export function tenantList(opts: TenantListOptions): (tenantId: number) => ListSpec {
  const a = sql.raw(opts.alias);
  return (tenantId) => ownedList(opts, [sql`${a}.tenant_id = ${tenantId}`]);
}

/**
 * The same list across every tenant (platform super admin), with `tenantId` and `tenantName`, searchable and
 * sortable by the tenant's name, optionally narrowed to one tenant.
 */
export function platformList(opts: TenantListOptions): (tenantId?: number) => ListSpec {
  const a = sql.raw(opts.alias);
  const extra = {
    columns: sql`${a}.tenant_id as "tenantId", tn.name as "tenantName"`,
    joins: sql`join tenants tn on tn.id = ${a}.tenant_id`,
    search: [sql`tn.name`],
    sort: { tenantName: sql`tn.name` },
  };
  return (tenantId) => ownedList(opts, tenantId ? [sql`${a}.tenant_id = ${tenantId}`] : [], extra);
}

export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listSql(spec: ListSpec, q: TListQuery): { where: SQL; orderBy: SQL } {
  const conditions = [...(spec.where ?? [])];
  const pattern = q.search ? `%${escapeLike(q.search)}%` : undefined;
  if (pattern && spec.searchWith) conditions.push(spec.searchWith(pattern));
  else if (pattern && spec.search?.length) {
    conditions.push(
      sql`(${sql.join(
        spec.search.map((e) => sql`${e} ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [field, dir] = (q.sort ?? spec.defaultSort).split(':') as [string, 'asc' | 'desc'];
  // Own keys only: `__proto__` or `constructor` must not reach Object.prototype.
  const column = Object.hasOwn(spec.sort, field) ? spec.sort[field] : undefined;
  if (!column) {
    throw badRequest('invalid_sort', `Cannot sort by ${field}`, [
      { field: 'sort', message: `one of ${Object.keys(spec.sort).join(', ')}`, code: 'invalid_sort' },
    ]);
  }
  const lead = spec.leadingOrder ? sql`${spec.leadingOrder}, ` : sql``;
  const orderBy = sql`order by ${lead}${column} ${dir === 'desc' ? sql`desc nulls last` : sql`asc nulls first`}, ${spec.tieBreaker}`;
  return { where, orderBy };
}

/** The SQL of one list: its page (which can stop early along an index) and its total. */
export function listQueries(spec: ListSpec, q: TListQuery): { page: SQL; count: SQL } {
  const { where, orderBy } = listSql(spec, q);
  return {
    page: sql`select ${spec.columns} ${spec.from} ${where} ${orderBy} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    count: spec.countCap
      ? sql`select count(*)::int as total from (select 1 ${spec.from} ${where} limit ${spec.countCap + 1}) capped`
      : sql`select count(*)::int as total ${spec.from} ${where}`,
  };
}

/** Runs the page and the total of one list. */
export async function paginate<T>(db: Tx, spec: ListSpec, q: TListQuery): Promise<TList<T>> {
  const { page, count } = listQueries(spec, q);
  const items = await queryRows<T>(db, page);
  const [row] = await queryRows<{ total: number }>(db, count);
  const total = row?.total ?? 0;
  if (spec.countCap && total > spec.countCap)
    return { items, total: spec.countCap, totalCapped: true, page: q.page, limit: q.limit };
  return { items, total, page: q.page, limit: q.limit };
}
