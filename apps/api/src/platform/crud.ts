import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  listOf,
  ZIdParams,
  ZListQuery,
  ZOk,
  ZUsage,
  type TActivityEntity,
  type TList,
  type TListQuery,
  type TResource,
  type TUsage,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../db/client';
import { diff, logActivity } from './activity-log';
import { callerTenant, type AuthContext } from './auth';
import { translateDbError, usesOf, type DbErrorMap } from './db-errors';
import { badRequest, notFound } from './errors';
import { paginate, type ListSpec } from './pagination';
import { countUsages } from './usages';

type TenantTable = PgTable & { id: PgColumn; tenantId: PgColumn; updatedAt: PgColumn };

export type CrudSpec<TInput, TCreate = TInput, TQuery extends TListQuery = TListQuery> = {
  /** Singular name, used in messages and the activity log. */
  entity: TActivityEntity;
  table: TenantTable;
  /** The list query for one tenant; its columns build the item answered everywhere. */
  list(tenantId: number, q: TQuery): ListSpec;
  /** SQL expression of the row id inside `list().from`, for reading one item. */
  idColumn: SQL;
  toValues(input: TInput | TCreate): Record<string, unknown>;
  /** Ids in the input that must name rows of the caller's tenant (a foreign key alone ignores tenants). */
  references?: Partial<Record<(keyof TInput | keyof TCreate) & string, TenantTable>>;
  errors?: DbErrorMap;
  /** Write created/updated/deleted entries to the activity log. */
  logged?: boolean;
  /** Extra work inside the creating transaction (e.g. an opening stock movement). */
  afterCreate?(tx: Tx, ctx: { tenantId: number; userId: number; id: number; input: TCreate }): Promise<void>;
};

export function createCrudService<TItem, TInput, TCreate = TInput, TQuery extends TListQuery = TListQuery>(
  db: Db,
  spec: CrudSpec<TInput, TCreate, TQuery>,
) {
  const defaultQuery = { page: 1, limit: 1 } as TQuery;

  async function findOne(tx: Tx, tenantId: number, id: number): Promise<TItem | undefined> {
    const l = spec.list(tenantId, defaultQuery);
    const where = sql.join([...(l.where ?? []), sql`${spec.idColumn} = ${id}`], sql` and `);
    const [row] = await queryRows<TItem>(tx, sql`select ${l.columns} ${l.from} where ${where}`);
    return row;
  }

  async function checkReferences(tx: Tx, tenantId: number, input: TInput | TCreate) {
    for (const [field, table] of Object.entries(spec.references ?? {}) as [string, TenantTable][]) {
      const id = (input as Record<string, unknown>)[field];
      if (id === null || id === undefined) continue;
      const rows = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id as number), eq(table.tenantId, tenantId)));
      if (rows.length === 0)
        throw badRequest('unknown_reference', `Unknown ${field}`, [{ field, message: 'not found', code: 'not_found' }]);
    }
  }

  const scoped = <T>(auth: AuthContext, fn: (tx: Tx, tenantId: number) => Promise<T>) => {
    const tenantId = callerTenant(auth);
    return withTenant(db, tenantId, (tx) => fn(tx, tenantId)).catch((err: unknown) =>
      translateDbError(err, spec.errors ?? {}),
    );
  };

  return {
    findOne,
    list: (auth: AuthContext, q: TQuery): Promise<TList<TItem>> =>
      scoped(auth, (tx, tenantId) => paginate<TItem>(tx, spec.list(tenantId, q), q)),

    get: (auth: AuthContext, id: number): Promise<TItem> =>
      scoped(auth, async (tx, tenantId) => {
        const item = await findOne(tx, tenantId, id);
        if (!item) throw notFound(spec.entity);
        return item;
      }),

    create: (auth: AuthContext, input: TCreate): Promise<TItem> =>
      scoped(auth, async (tx, tenantId) => {
        await checkReferences(tx, tenantId, input);
        const [row] = await tx
          .insert(spec.table)
          .values({ ...spec.toValues(input), tenantId } as never)
          .returning({ id: spec.table.id });
        const id = (row as { id: number }).id;
        await spec.afterCreate?.(tx, { tenantId, userId: auth.userId, id, input });
        const item = (await findOne(tx, tenantId, id))!;
        if (spec.logged) {
          await logActivity(tx, {
            tenantId,
            userId: auth.userId,
            entity: spec.entity,
            entityId: id,
            action: 'created',
            summary: summaryOf(item),
          });
        }
        return item;
      }),

    update: (auth: AuthContext, id: number, input: TInput): Promise<TItem> =>
      scoped(auth, async (tx, tenantId) => {
        const before = await findOne(tx, tenantId, id);
        if (!before) throw notFound(spec.entity);
        await checkReferences(tx, tenantId, input);
        await tx
          .update(spec.table)
          .set({ ...spec.toValues(input), updatedAt: new Date() } as never)
          .where(and(eq(spec.table.id, id), eq(spec.table.tenantId, tenantId)));
        const after = (await findOne(tx, tenantId, id))!;
        if (spec.logged) {
          const changes = diff(before as Record<string, unknown>, after as Record<string, unknown>);
          if (changes.length) {
            await logActivity(tx, {
              tenantId,
              userId: auth.userId,
              entity: spec.entity,
              entityId: id,
              action: 'updated',
              summary: summaryOf(after),
              changes,
            });
          }
        }
        return after;
      }),

    /** What keeps this record from being deleted: the usages the referring modules registered (`registerUsage`). */
    usage: (auth: AuthContext, id: number): Promise<TUsage> =>
      scoped(auth, async (tx, tenantId) => {
        if (!(await findOne(tx, tenantId, id))) throw notFound(spec.entity);
        return { usages: await countUsages(tx, spec.table, tenantId, id) };
      }),

    remove: (auth: AuthContext, id: number): Promise<void> =>
      withTenant(db, callerTenant(auth), async (tx) => {
        const tenantId = callerTenant(auth);
        const before = await findOne(tx, tenantId, id);
        if (!before) throw notFound(spec.entity);
        await tx.delete(spec.table).where(and(eq(spec.table.id, id), eq(spec.table.tenantId, tenantId)));
        if (spec.logged) {
          await logActivity(tx, {
            tenantId,
            userId: auth.userId,
            entity: spec.entity,
            entityId: id,
            action: 'deleted',
            summary: summaryOf(before),
          });
        }
      }).catch(async (err: unknown) =>
        translateDbError(err, spec.errors ?? {}, await usesOf(db, callerTenant(auth), id, err)),
      ),
  };
}

/** A short human label of a record for logs: its reference/designation or name. */
function summaryOf(item: unknown): string {
  const r = item as Record<string, unknown>;
  return [r.reference, r.designation ?? r.name ?? r.label].filter(Boolean).join(' — ');
}

type Service<TItem, TInput, TCreate, TQuery> = {
  list(auth: AuthContext, q: TQuery): Promise<TList<TItem>>;
  get(auth: AuthContext, id: number): Promise<TItem>;
  create(auth: AuthContext, input: TCreate): Promise<TItem>;
  update(auth: AuthContext, id: number, input: TInput): Promise<TItem>;
  remove(auth: AuthContext, id: number): Promise<void>;
  usage?(auth: AuthContext, id: number): Promise<TUsage>;
};

export type CrudRouteOptions<TItem, TInput, TCreate, TQuery> = {
  path: string;
  resource: TResource;
  tag: string;
  service: Service<TItem, TInput, TCreate, TQuery>;
  item: z.ZodType<TItem>;
  input: z.ZodType<TInput>;
  create?: z.ZodType<TCreate>;
  query?: z.ZodType<TQuery>;
};

/**
 * The five routes of a resource: list, read, create, update, delete — tenant-scoped and permission-guarded —
 * and, when the service counts them, the usages that would block a delete.
 */
export function crudRoutes<TItem, TInput, TCreate = TInput, TQuery = TListQuery>(
  opts: CrudRouteOptions<TItem, TInput, TCreate, TQuery>,
): FastifyPluginAsyncZod {
  return async (app: FastifyInstance) => {
    const r = app.requirePermission(`${opts.resource}.read`);
    const w = app.requirePermission(`${opts.resource}.write`);
    const tags = [opts.tag];
    // Types are checked at the service boundary; the route layer only needs the schemas.
    const item = opts.item as z.ZodType;
    const z = app.withTypeProvider<ZodTypeProvider>();
    z.get(
      opts.path,
      {
        schema: { tags, querystring: (opts.query ?? ZListQuery) as z.ZodType, response: { 200: listOf(item) } },
        preHandler: r,
      },
      (req) => opts.service.list(req.auth, req.query as TQuery),
    );
    z.get(`${opts.path}/:id`, { schema: { tags, params: ZIdParams, response: { 200: item } }, preHandler: r }, (req) =>
      opts.service.get(req.auth, req.params.id),
    );
    const usage = opts.service.usage?.bind(opts.service);
    if (usage)
      z.get(
        `${opts.path}/:id/usage`,
        { schema: { tags, params: ZIdParams, response: { 200: ZUsage } }, preHandler: r },
        (req) => usage(req.auth, req.params.id),
      );
    z.post(
      opts.path,
      { schema: { tags, body: (opts.create ?? opts.input) as z.ZodType, response: { 200: item } }, preHandler: w },
      (req) => opts.service.create(req.auth, req.body as TCreate),
    );
    z.put(
      `${opts.path}/:id`,
      { schema: { tags, params: ZIdParams, body: opts.input as z.ZodType, response: { 200: item } }, preHandler: w },
      (req) => opts.service.update(req.auth, req.params.id, req.body as TInput),
    );
    z.delete(
      `${opts.path}/:id`,
      { schema: { tags, params: ZIdParams, response: { 200: ZOk } }, preHandler: w },
      async (req) => {
        await opts.service.remove(req.auth, req.params.id);
        return { ok: true as const };
      },
    );
  };
}
