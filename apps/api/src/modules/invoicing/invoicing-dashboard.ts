import { sql } from 'drizzle-orm';
import {
  ZInvoicedVsPaid,
  ZLateInvoices,
  ZPartiallyPaid,
  ZPeriodQuery,
  type TInvoicedVsPaid,
  type TLateInvoices,
  type TPartiallyPaid,
  type TPeriodQuery,
} from '@tagstock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows, type Db, type Tx } from '../../db/client';
import { period } from '../../platform/period';
import { widgetRoutes } from '../../platform/widget-routes';
import { amountDue, isDue, isOverdue, tenantDay } from './invoices';

/** Issued invoices (canceled ones left out) of the period by invoice date. */
const issuedIn = (tenantId: number, q: TPeriodQuery) => {
  const { from, to } = period(q);
  return {
    from,
    to,
    where: sql`i.tenant_id = ${tenantId} and i.status = 'issued' and i.invoice_date between ${from} and ${to}`,
  };
};

const queries = {
  async invoicedVsPaid(tx: Tx, tenantId: number, q: TPeriodQuery): Promise<TInvoicedVsPaid> {
    const { from, to, where } = issuedIn(tenantId, q);
    // An invoice paid in full counts its net amount as it is: no division for most of the rows summed.
    const [row] = await queryRows<Omit<TInvoicedVsPaid, 'startDate' | 'endDate'>>(
      tx,
      sql`select count(*)::int as invoices, coalesce(sum(i.total_net), 0)::text as "invoicedNet",
            coalesce(sum(case when i.amount_paid = 0 or i.total_gross = 0 then 0
                              when i.amount_paid = i.total_gross then i.total_net
                              else round(i.total_net * i.amount_paid / i.total_gross, 2) end), 0)::text as "paidNet",
            coalesce(sum(i.total_gross), 0)::text as "invoicedGross", coalesce(sum(i.amount_paid), 0)::text as "paidGross"
          from invoices i where ${where}`,
    );
    return { startDate: from, endDate: to, ...row! };
  },

  async partiallyPaid(tx: Tx, tenantId: number, q: TPeriodQuery): Promise<TPartiallyPaid> {
    const { from, to, where } = issuedIn(tenantId, q);
    const [row] = await queryRows<Omit<TPartiallyPaid, 'startDate' | 'endDate'>>(
      tx,
      sql`select count(*)::int as count, coalesce(sum(i.amount_paid), 0)::text as "amountPaid",
            coalesce(sum(${amountDue('i')}), 0)::text as "amountDue"
          from invoices i where ${where} and i.amount_paid > 0 and ${isDue('i')}`,
    );
    return { startDate: from, endDate: to, ...row! };
  },

  async late(tx: Tx, tenantId: number, q: TPeriodQuery): Promise<TLateInvoices> {
    // By due date: an invoice dated in the last 30 days is not late yet with 30- or 60-day terms.
    const { from, to } = period(q);
    const late = sql`i.tenant_id = ${tenantId} and i.due_date between ${from} and ${to} and ${isOverdue('i')}`;
    const [row] = await queryRows<{ count: number; amountDue: string }>(
      tx,
      sql`select count(*)::int as count, coalesce(sum(${amountDue('i')}), 0)::text as "amountDue"
          from invoices i where ${late}`,
    );
    // The ten oldest chosen by id first, then read: an index holding the columns `late` names answers the choice
    // alone, without fetching the rows of the invoices it passes over.
    const items = await queryRows<TLateInvoices['items'][number]>(
      tx,
      sql`select o.id, o.number, c.name as "customerName", to_char(o.due_date, 'YYYY-MM-DD') as "dueDate",
            (${tenantDay} - o.due_date)::int as "daysLate", ${amountDue('o')}::text as "amountDue"
          from (select i.id from invoices i where ${late} order by i.due_date, i.id limit 10) oldest
          join invoices o on o.id = oldest.id and o.tenant_id = ${tenantId}
          join customers c on c.id = o.customer_id and c.tenant_id = o.tenant_id
          order by o.due_date, o.id`,
    );
    return { startDate: from, endDate: to, count: row!.count, amountDue: row!.amountDue, items };
  },
};

/** The invoicing widgets of the dashboard (SPEC §7 paths; `{id}` is the tenant): need `invoices.read`. */
export const invoicingDashboardRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const route = widgetRoutes(app, db, 'invoices.read');
    route('/dashboard/total-montantht-payed-facturer/:id', ZInvoicedVsPaid, queries.invoicedVsPaid, ZPeriodQuery);
    route('/dashboard/total-partiel-payed/:id', ZPartiallyPaid, queries.partiallyPaid, ZPeriodQuery);
    route('/dashboard/late-invoices/:id', ZLateInvoices, queries.late, ZPeriodQuery);
  };
