import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZClientIdParams, type TPermission } from '@tagstock/contract';
import { withTenant, type Db, type Tx } from '../db/client';
import { tenantFromParam } from './auth';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The dashboard widgets' routes (SPEC §7 paths, `{id}` the tenant: another tenant's id is refused): a function
 * declaring one widget under `path`, behind `permission`, whose `run` answers `response` from a transaction of
 * the tenant, with an optional query (a period).
 */
export function widgetRoutes(app: App, db: Db, permission: TPermission) {
  const read = app.requirePermission(permission);
  return <R extends z.ZodType, Q extends z.ZodType | undefined>(
    path: string,
    response: R,
    run: (tx: Tx, tenantId: number, query: Q extends z.ZodType ? z.infer<Q> : undefined) => Promise<z.infer<R>>,
    querystring?: Q,
  ) =>
    app.get(
      path,
      {
        // Typed loosely here: `run` is typed against `response` above.
        schema: {
          tags: ['dashboard'],
          params: ZClientIdParams,
          ...(querystring ? { querystring: querystring as z.ZodType } : {}),
          response: { 200: response as z.ZodType },
        },
        preHandler: read,
      },
      (req) => {
        const tenantId = tenantFromParam(req.auth, req.params.id);
        return withTenant(db, tenantId, (tx) => run(tx, tenantId, req.query as never));
      },
    );
}
