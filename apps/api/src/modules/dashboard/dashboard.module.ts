import { sql } from 'drizzle-orm';
import { ZClientIdParams, ZStockSummary, type TStockSummary } from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryPrepared, withTenant, type Db, type Tx } from '../../db/client';
import { tenantFromParam } from '../../platform/auth';

/** Live stock quantity and valuation (pre-tax prices) of a tenant: the figures send_notification also carries. */
export async function stockSummary(tx: Tx, tenantId: number): Promise<TStockSummary> {
  const [row] = await queryPrepared<{ q: string; v: string; n: number; alerts: number }>(
    tx,
    sql`select coalesce(sum(quantity), 0)::text as q, coalesce(sum(quantity * price_ht), 0)::text as v,
               count(*)::int as n, count(*) filter (where quantity <= stock_alert)::int as alerts
        from articles where tenant_id = ${tenantId}`,
  );
  return {
    totalQuantity: Number(row?.q ?? 0),
    // A display figure: rounded to the cent from the exact numeric sum.
    totalValorization: Math.round(Number(row?.v ?? 0) * 100) / 100,
    articleCount: row?.n ?? 0,
    stockAlertCount: row?.alerts ?? 0,
  };
}

export function dashboardModule(db: Db) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/dashboard/articles/summary/:id',
      {
        schema: { tags: ['dashboard'], params: ZClientIdParams, response: { 200: ZStockSummary } },
        preHandler: app.requirePermission('dashboard.read'),
      },
      (req) => {
        const tenantId = tenantFromParam(req.auth, req.params.id);
        return withTenant(db, tenantId, (tx) => stockSummary(tx, tenantId));
      },
    );
  };
  return { routes };
}
