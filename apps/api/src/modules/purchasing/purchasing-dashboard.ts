import { sql } from 'drizzle-orm';
import {
  ZOrdersInProgress,
  ZPeriodQuery,
  ZPurchasedQuantity,
  ZPurchasesPerMonth,
  ZRepeatedReferences,
  ZTopSuppliers,
  type TOrdersInProgress,
  type TPeriodQuery,
  type TPurchasedQuantity,
  type TPurchasesPerMonth,
  type TRepeatedReferences,
  type TTopSuppliers,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, type Db, type Tx } from '../../db/client';
import { widgetRoutes } from '../../platform/widget-routes';
import { period } from '../../platform/period';

/** Orders of the period that count (not canceled), by order date: the partial period index. */
const ordersOf = (tenantId: number, q: TPeriodQuery) => {
  const { from, to } = period(q);
  return {
    from,
    to,
    where: sql`o.tenant_id = ${tenantId} and o.status <> 'canceled' and o.order_date between ${from} and ${to}`,
  };
};

const queries = {
  async commandeEnCours(tx: Tx, tenantId: number): Promise<TOrdersInProgress> {
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from purchase_orders where tenant_id = ${tenantId} and status = 'in_progress'`,
    );
    const items = await queryRows<TOrdersInProgress['items'][number]>(
      tx,
      sql`select o.id, o.number, s.name as "supplierName", to_char(o.order_date, 'YYYY-MM-DD') as "orderDate",
            to_char(o.expected_date, 'YYYY-MM-DD') as "expectedDate", o.total_net::text as "totalNet"
          from purchase_orders o join suppliers s on s.id = o.supplier_id
          where o.tenant_id = ${tenantId} and o.status = 'in_progress'
          order by o.order_date desc, o.id desc limit 5`,
    );
    return { count: count?.n ?? 0, items };
  },

  // The orders of the 12 months aggregated first (one pass of the partial date index), then laid on the months.
  achats: (tx: Tx, tenantId: number): Promise<TPurchasesPerMonth> =>
    queryRows(
      tx,
      sql`with months as (
            select generate_series(date_trunc('month', current_date) - interval '11 months',
                                   date_trunc('month', current_date), interval '1 month')::date as month),
          totals as (
            select date_trunc('month', order_date)::date as month, sum(total_net) as amount, count(*)::int as orders
            from purchase_orders
            where tenant_id = ${tenantId} and status <> 'canceled' and order_date >= (select min(month) from months)
            group by 1)
          select to_char(m.month, 'YYYY-MM') as month, coalesce(t.amount, 0)::numeric(22, 2)::text as amount,
            coalesce(t.orders, 0) as orders
          from months m left join totals t on t.month = m.month order by m.month`,
    ),

  // Units are kept on each order: the period is read from the orders' date index, never from their lines.
  topSuppliers(tx: Tx, tenantId: number, q: TPeriodQuery): Promise<TTopSuppliers> {
    const { where } = ordersOf(tenantId, q);
    return queryRows(
      tx,
      sql`select x.supplier_id as "supplierId", s.name as "supplierName", x.quantity::int as quantity
          from (select o.supplier_id, sum(o.ordered_units) as quantity from purchase_orders o where ${where}
                group by o.supplier_id) x
            join suppliers s on s.id = x.supplier_id and s.tenant_id = ${tenantId}
          order by x.quantity desc, s.name limit 5`,
    );
  },

  async quantity(tx: Tx, tenantId: number, q: TPeriodQuery): Promise<TPurchasedQuantity> {
    const { from, to, where } = ordersOf(tenantId, q);
    const [row] = await queryRows<{ ordered: number; received: number }>(
      tx,
      sql`select coalesce(sum(o.ordered_units), 0)::int as ordered, coalesce(sum(o.received_units), 0)::int as received
          from purchase_orders o where ${where}`,
    );
    return { startDate: from, endDate: to, ordered: row?.ordered ?? 0, received: row?.received ?? 0 };
  },

  references: (tx: Tx, tenantId: number): Promise<TRepeatedReferences> =>
    queryRows(
      tx,
      // Ties on the order count go to the most units (an incremental sort along the count's index).
      sql`select reference, designation, lines as orders, quantity::int as quantity from purchase_reference_counts
          where tenant_id = ${tenantId} and lines > 0 order by lines desc, quantity desc, reference limit 10`,
    ),
};

/** The purchase widgets of the dashboard (SPEC §7 paths; `{id}` is the tenant): need `purchaseOrders.read`. */
export const purchaseDashboardRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const route = widgetRoutes(app, db, 'purchaseOrders.read');
    route('/dashboard/commandeEnCours/:id', ZOrdersInProgress, queries.commandeEnCours);
    route('/dashboard/achats/:id', ZPurchasesPerMonth, queries.achats);
    route('/dashboard/top-5-fournisseur-by-quantity/:id', ZTopSuppliers, queries.topSuppliers, ZPeriodQuery);
    route('/dashboard/count-articles-quantity/:id', ZPurchasedQuantity, queries.quantity, ZPeriodQuery);
    route('/dashboard/mostRepeatedReferences/:id', ZRepeatedReferences, queries.references);
  };
