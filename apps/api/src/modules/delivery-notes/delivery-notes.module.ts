import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClientsToDeliverToday,
  ZDeliveryNotePicked,
  ZDeliveryNotePicks,
  ZIdParams,
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
import { jsonRows } from '../../db/sql-fragments';
import { tenantScope } from '../../platform/auth';
import { widgetRoutes } from '../../platform/widget-routes';
import { documentRoutes } from '../../platform/documents/document-routes';
import { documentService } from '../../platform/documents/document-service';
import { notFound } from '../../platform/errors';
import { registerExitAuthorizer, type ExitAuthorizer } from '../ingest/authorization';
import { reservationDay } from '../reservations/availability';
import { registerReservationDocument, withAvailabilityCheck } from '../reservations/reservations.service';
import { deliveryNoteType, LATE, pickEpcs } from './delivery-notes.service';

/**
 * An OUT at an exit gate is covered by a ready delivery note that lists the tag among its picked EPCs, or that has
 * a line of the tag's article with units left to pick (its quantity less its listed EPCs and the items of the
 * article already out under the note). One query per batch, which reads the lines of the batch's articles once
 * (not once per exit): a picked EPC is a tag of its line's article (checked when the line is written), so the
 * lines are found through the (tenant, article) index, which row-level security lets the planner use (a GIN
 * search on `epcs @>` it would not: the operator is not leakproof). The batch's other exits of an article then
 * take the units left of its notes one each, the oldest planned note first. The exits it covers tick the note's
 * lines (`record`).
 */
export const deliveryNoteAuthorizer: ExitAuthorizer = {
  name: 'delivery_note',
  rank: 20,
  missing: 'no ready delivery note listing this tag or its article',
  async covers(tx, exits) {
    const rows = await queryRows<{ i: number; number: string }>(
      tx,
      sql`with v as (select * from ${jsonRows(
        exits.map((e, i) => ({ i, tenant: e.tenantId, tag: e.tagId, article: e.articleId })),
      )} as v(i int, tenant int, tag int, article int)),
        tagged as materialized (
          select v.i, v.tenant, v.article, t.epc from v join tags t on t.id = v.tag and t.tenant_id = v.tenant
          where v.article is not null
        ),
        lines as materialized (
          select l.tenant_id as tenant, l.article_id as article, l.delivery_note_id as id, l.epcs,
            l.quantity - cardinality(l.epcs) as unpicked, l.epcs && a.epcs as listing
          from (select tenant, article, array_agg(epc) as epcs from tagged group by tenant, article) a
          join delivery_note_lines l on l.tenant_id = a.tenant and l.article_id = a.article
            and (l.epcs && a.epcs or l.quantity > cardinality(l.epcs))
        ),
        notes as materialized (
          select n.id, d.number, d.planned_date from (select distinct id, tenant from lines) n
          cross join lateral (
            select d.number, d.planned_date from delivery_notes d
            where d.id = n.id and d.tenant_id = n.tenant and d.status = 'ready' limit 1
          ) d
        ),
        picked as (
          select distinct on (g.i) g.i, d.number from tagged g
          join lines x on x.listing and x.tenant = g.tenant and x.epcs @> array[g.epc]
          join notes d on d.id = x.id
          order by g.i, d.planned_date, d.id
        ),
        rest as (
          select g.i, g.tenant, g.article, row_number() over (partition by g.tenant, g.article order by g.i) - 1 as r
          from tagged g where g.i not in (select i from picked)
        ),
        open as (
          select u.tenant, u.article, d.id, d.number, d.planned_date, u.units - gone.n as units_left
          from (
            select tenant, article, id, sum(unpicked) as units from lines
            where unpicked > 0 and (tenant, article) in (select tenant, article from rest) group by tenant, article, id
          ) u
          join notes d on d.id = u.id
          cross join lateral (
            select count(*) as n from delivery_note_exits x join tags xt on xt.id = x.tag_id and xt.tenant_id = u.tenant
            where x.delivery_note_id = d.id and x.tenant_id = u.tenant and x.article_id = u.article
              and not exists (select 1 from delivery_note_lines pl where pl.delivery_note_id = d.id
                and pl.tenant_id = u.tenant and pl.epcs @> array[xt.epc])
          ) gone
        ),
        slots as (
          select tenant, article, number, units_left,
            sum(units_left) over (partition by tenant, article order by planned_date, id) as upto
          from open where units_left > 0
        )
        select i, number from picked
        union all
        select rest.i, s.number from rest join slots s on s.tenant = rest.tenant and s.article = rest.article
          and rest.r >= s.upto - s.units_left and rest.r < s.upto`,
    );
    const covered = new Map(rows.map((r) => [r.i, r.number]));
    return exits.map((_, i) => covered.get(i) ?? null);
  },
  describe: (number) => `delivery note ${number}`,
  message: (number) => `Authorized by ${number}`,
  async record(tx, covered) {
    await tx.execute(
      sql`insert into delivery_note_exits (tenant_id, delivery_note_id, tag_id, article_id, movement_id)
          select d.tenant_id, d.id, v.tag, v.article, v.movement
          from ${jsonRows(
            covered
              .filter((c) => c.articleId !== null)
              .map((c) => ({
                tenant: c.tenantId,
                tag: c.tagId,
                article: c.articleId,
                movement: c.movementId,
                number: c.cover,
              })),
          )} as v(tenant int, tag int, article int, movement bigint, number text)
          join delivery_notes d on d.tenant_id = v.tenant and d.number = v.number
          on conflict (delivery_note_id, tag_id) do nothing`,
    );
  },
};

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

/** Delivery notes (BL): the kit's routes, what is left to deliver, the delivery widgets, the exit authorizer. */
export function deliveryNotesModule(db: Db) {
  const service = withAvailabilityCheck(documentService(db, deliveryNoteType), 'delivery_note');
  registerExitAuthorizer(deliveryNoteAuthorizer);
  registerReservationDocument('delivery_note', 'delivery_notes');
  const scoped = tenantScope(db);
  const routes: FastifyPluginAsyncZod = async (app) => {
    const tags = ['delivery notes'];
    const read = app.requirePermission('deliveryNotes.read');
    app.get(
      '/delivery-notes/remaining',
      {
        schema: { tags, querystring: ZDeliveryRemainingQuery, response: { 200: ZDeliveryRemaining } },
        preHandler: read,
      },
      (req) => scoped(req.auth, (tx, tenantId) => remaining(tx, tenantId, req.query)),
    );
    documentRoutes(app, '/delivery-notes', tags, service);
    app.post(
      '/delivery-notes/:id/picks',
      {
        schema: { tags, params: ZIdParams, body: ZDeliveryNotePicks, response: { 200: ZDeliveryNotePicked } },
        preHandler: app.requirePermission('deliveryNotes.write'),
      },
      (req) =>
        service.inTenant(req.auth, async (ctx) => {
          await service.lockFor(ctx.tx, ctx.tenantId, req.params.id, 'pick');
          const unmatched = await pickEpcs(ctx, req.params.id, req.body.epcs);
          return { ...(await deliveryNoteType.read(ctx.tx, ctx.tenantId, req.params.id))!, unmatched };
        }),
    );
    const widget = widgetRoutes(app, db, 'deliveryNotes.read');
    widget('/dashboard/invoices-to-deliver-today/:id', ZInvoicesToDeliverToday, dashboard.invoicesToday);
    widget('/dashboard/getClientsToDeliverTodayByClient/:id', ZClientsToDeliverToday, dashboard.clientsToday);
    widget('/dashboard/late-deliveries/:id', ZLateDeliveries, dashboard.late);
  };
  return { service, routes };
}
