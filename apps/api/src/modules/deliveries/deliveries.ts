import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClientsToDeliverToday,
  ZDeliveryRemaining,
  ZDeliveryRemainingQuery,
  ZInvoicesToDeliverToday,
  ZLateDeliveries,
  type TClientsToDeliverToday,
  type TDeliveryRemaining,
  type TInvoicesToDeliverToday,
  type TLateDeliveries,
} from '@tagstock/contract';
import { queryRows, type Db, type Tx } from '../../db/client';
import { tenantScope } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { widgetRoutes } from '../../platform/widget-routes';
import { LATE } from '../delivery-notes/delivery-notes.service';
import { reservationDay } from '../reservations/availability';

/**
 * The deliveries of sales (the web's `features/deliveries`): what is left to deliver of an invoice or a proforma,
 * which pre-fills a new delivery note, and the delivery widgets of the dashboard (SPEC §7), over the notes.
 */

/** What is left to deliver of an invoice or a proforma, per article (services are not delivered). */
async function remaining(tx: Tx, tenantId: number, q: { invoiceId?: number; proformaId?: number }) {
  const [source, lines, key, id] = q.invoiceId
    ? (['invoices', 'invoice_lines', 'invoice_id', q.invoiceId] as const)
    : (['proformas', 'proforma_lines', 'proforma_id', q.proformaId!] as const);
  const [doc] = await queryRows<{ customerId: number }>(
    tx,
    sql`select customer_id as "customerId" from ${sql.identifier(source)} where id = ${id} and tenant_id = ${tenantId}`,
  );
  if (!doc) throw notFound(q.invoiceId ? 'invoice' : 'proforma');
  const rows = await queryRows<TDeliveryRemaining['lines'][number]>(
    tx,
    sql`with o as (
          select l.article_id, sum(l.quantity)::int as ordered from ${sql.identifier(lines)} l
          where l.${sql.identifier(key)} = ${id} and l.tenant_id = ${tenantId} and l.article_id is not null
          group by l.article_id),
        n as (
          select l.article_id, sum(l.quantity) filter (where d.status = 'delivered')::int as delivered,
            sum(l.quantity) filter (where d.status in ('draft', 'ready'))::int as planned
          from delivery_notes d join delivery_note_lines l on l.delivery_note_id = d.id and l.tenant_id = d.tenant_id
          where d.${sql.identifier(key)} = ${id} and d.tenant_id = ${tenantId} group by l.article_id)
        select a.id as "articleId", a.reference, a.designation, o.ordered,
          coalesce(n.delivered, 0) as delivered, coalesce(n.planned, 0) as planned,
          greatest(0, o.ordered - coalesce(n.delivered, 0) - coalesce(n.planned, 0)) as remaining
        from o join articles a on a.id = o.article_id and a.tenant_id = ${tenantId}
        left join categories c on c.id = a.category_id and c.tenant_id = ${tenantId}
        left join n on n.article_id = o.article_id
        where coalesce(a.nature, c.nature, 'goods') <> 'service' order by a.reference`,
  );
  return { customerId: doc.customerId, lines: rows };
}

const today = reservationDay;
const dashboard = {
  invoicesToday: (tx: Tx, tenantId: number) =>
    queryRows<TInvoicesToDeliverToday[number]>(
      tx,
      sql`select o.invoice_id as "invoiceId", i.number as "invoiceNumber", o.customer_id as "customerId",
            c.name as "customerName", count(*)::int as "deliveryNotes", sum(o.units)::int as units
          from delivery_notes o join invoices i on i.id = o.invoice_id join customers c on c.id = o.customer_id
          where o.tenant_id = ${tenantId} and o.status in ('draft', 'ready') and o.planned_date = ${today}
          group by o.invoice_id, i.number, o.customer_id, c.name order by c.name, i.number limit 200`,
    ),
  clientsToday: (tx: Tx, tenantId: number) =>
    queryRows<TClientsToDeliverToday[number]>(
      tx,
      sql`select o.customer_id as "customerId", c.name as "customerName", count(*)::int as "deliveryNotes",
            sum(o.units)::int as units
          from delivery_notes o join customers c on c.id = o.customer_id
          where o.tenant_id = ${tenantId} and o.status in ('draft', 'ready') and o.planned_date = ${today}
          group by o.customer_id, c.name order by c.name limit 200`,
    ),
  async late(tx: Tx, tenantId: number): Promise<TLateDeliveries> {
    const items = await queryRows<TLateDeliveries['items'][number]>(
      tx,
      sql`select o.id, o.number, o.customer_id as "customerId", c.name as "customerName",
            to_char(o.planned_date, 'YYYY-MM-DD') as "plannedDate", (${today} - o.planned_date)::int as "daysLate",
            o.status
          from delivery_notes o join customers c on c.id = o.customer_id
          where o.tenant_id = ${tenantId} and ${LATE} order by o.planned_date, o.id limit 50`,
    );
    const [{ count }] = (await queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from delivery_notes o where o.tenant_id = ${tenantId} and ${LATE}`,
    )) as [{ count: number }];
    return { count, items };
  },
};

/** `/delivery-notes/remaining` and the three delivery widgets, behind `deliveryNotes.read`. */
export function deliveriesRoutes(db: Db): FastifyPluginAsyncZod {
  const scoped = tenantScope(db);
  return async (app) => {
    app.get(
      '/delivery-notes/remaining',
      {
        schema: {
          tags: ['delivery notes'],
          querystring: ZDeliveryRemainingQuery,
          response: { 200: ZDeliveryRemaining },
        },
        preHandler: app.requirePermission('deliveryNotes.read'),
      },
      (req) => scoped(req.auth, (tx, tenantId) => remaining(tx, tenantId, req.query)),
    );
    const widget = widgetRoutes(app, db, 'deliveryNotes.read');
    widget('/dashboard/invoices-to-deliver-today/:id', ZInvoicesToDeliverToday, dashboard.invoicesToday);
    widget('/dashboard/getClientsToDeliverTodayByClient/:id', ZClientsToDeliverToday, dashboard.clientsToday);
    widget('/dashboard/late-deliveries/:id', ZLateDeliveries, dashboard.late);
  };
}
