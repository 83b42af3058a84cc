import { sql } from 'drizzle-orm';
import { listOf, ZActivityLog, ZActivityLogQuery, type TActivityLog } from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTenant, type Db } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { byPlatform, logWithAuthor } from '../../platform/activity-log';
import { callerTenant } from '../../platform/auth';
import { paginate } from '../../platform/pagination';

export function activityLogModule(db: Db) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/logs',
      {
        schema: { tags: ['logs'], querystring: ZActivityLogQuery, response: { 200: listOf(ZActivityLog) } },
        preHandler: app.requirePermission('logs.read'),
      },
      (req) => {
        const tenantId = callerTenant(req.auth);
        const q = req.query;
        return withTenant(db, tenantId, (tx) =>
          paginate<TActivityLog>(
            tx,
            {
              columns: sql`l.id::int as id, l.entity, l.entity_id as "entityId", l.action, l.summary, l.changes,
                u.name as "userName", ${byPlatform} as "byPlatform", ${isoUtc(sql`l.created_at`)} as "createdAt"`,
              from: sql`from ${logWithAuthor}`,
              where: [sql`l.tenant_id = ${tenantId}`, ...(q.entity ? [sql`l.entity = ${q.entity}`] : [])],
              search: [sql`l.summary`, sql`u.name`, sql`l.action`],
              sort: { createdAt: sql`l.created_at`, entity: sql`l.entity`, action: sql`l.action` },
              defaultSort: 'createdAt:desc',
              tieBreaker: sql`l.id desc`,
            },
            q,
          ),
        );
      },
    );
  };
  return { routes };
}
