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
import { amountDue, tenantDay } from './invoices';

/** Issued invoices (canceled ones left out) of the period by invoice date: the tenant's date index. */
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
    const [row] = await queryRows<Omit<TInvoicedVsPaid, 'startDate' | 'endDate'>>(
      tx,
      sql`select count(*)::int as invoices, coalesce(sum(i.total_net), 0)::text as "invoicedNet",
            coalesce(sum(case when i.total_gross = 0 then 0
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
          from invoices i where ${where} and i.amount_paid > 0 and ${amountDue('i')} > 0`,
    );
    return { startDate: from, endDate: to, ...row! };
  },

  async late(tx: Tx, tenantId: number, q: TPeriodQuery): Promise<TLateInvoices> {
    const { from, to, where } = issuedIn(tenantId, q);
    const late = sql`${where} and i.due_date < ${tenantDay} and ${amountDue('i')} > 0`;
    const [row] = await queryRows<{ count: number; amountDue: string }>(
      tx,
      sql`select count(*)::int as count, coalesce(sum(${amountDue('i')}), 0)::text as "amountDue"
          from invoices i where ${late}`,
    );
    const items = await queryRows<TLateInvoices['items'][number]>(
      tx,
      sql`select i.id, i.number, c.name as "customerName", to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
            (${tenantDay} - i.due_date)::int as "daysLate", ${amountDue('i')}::text as "amountDue"
          from invoices i join customers c on c.id = i.customer_id and c.tenant_id = i.tenant_id
          where ${late} order by i.due_date, i.id limit 10`,
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
