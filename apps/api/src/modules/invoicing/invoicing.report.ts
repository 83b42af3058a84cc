import { sql, type SQL } from 'drizzle-orm';
import { REPORT_TIME_ZONE } from '@tagstock/contract';
import type { ReportMeasureDeclaration, ReportSource } from '../reports/registry';
import { buyerDimensions, itemDimensions, reportJoin } from '../reports/registry';

const issued = sql`f.status = 'issued'`;

/** Sales from the issued invoices' totals, or from their lines (grouped by article) with the document's discount
 * spread over them in proportion, as the totals were computed. */
function sales(total: SQL, line: SQL): ReportSource[] {
  return [
    {
      table: 'invoices',
      where: issued,
      date: { column: sql`f.invoice_date`, kind: 'date' },
      value: sql`sum(${total})`,
      dimensions: buyerDimensions(sql`f.customer_id`),
    },
    {
      table: 'invoice_lines',
      joins: [reportJoin('invoices', 'inv', sql`inv.id = f.invoice_id`, true)],
      where: sql`inv.status = 'issued'`,
      date: { column: sql`inv.invoice_date`, kind: 'date' },
      value: sql`sum(${line} * case when inv.line_total = 0 then 0 else inv.total_net / inv.line_total end)`,
      dimensions: { ...itemDimensions(sql`f.article_id`), ...buyerDimensions(sql`inv.customer_id`) },
    },
  ];
}

const remaining = sql`(f.total_gross - f.amount_paid - f.amount_credited)`;
const today = sql`(now() at time zone ${REPORT_TIME_ZONE})::date`;

/** Sales (excl. and incl. tax), payments received, what issued invoices still await, credit notes issued. */
export const invoicingMeasures: ReportMeasureDeclaration[] = [
  { id: 'sales_excl_tax', sources: sales(sql`f.total_net`, sql`f.net_amount`) },
  { id: 'sales_incl_tax', sources: sales(sql`f.total_gross`, sql`f.net_amount * (1 + f.vat_rate / 100)`) },
  {
    id: 'payments',
    sources: [
      {
        table: 'payments',
        date: { column: sql`f.payment_date`, kind: 'date' },
        value: sql`sum(f.amount)`,
        dimensions: buyerDimensions(sql`f.customer_id`),
      },
    ],
  },
  {
    id: 'amount_not_paid',
    sources: [
      {
        table: 'invoices',
        where: issued,
        date: { column: sql`f.invoice_date`, kind: 'date' },
        value: sql`sum(${remaining})`,
        dimensions: {
          ...buyerDimensions(sql`f.customer_id`),
          // Aging buckets (REPORT_PAYMENT_STATUSES): days past the due date, today read in the tenants' zone.
          status: {
            key: sql`case when ${remaining} <= 0 then 'paid'
              when f.due_date >= ${today} then 'due'
              when ${today} - f.due_date <= 30 then 'overdue_1_30'
              when ${today} - f.due_date <= 60 then 'overdue_31_60'
              when ${today} - f.due_date <= 90 then 'overdue_61_90'
              else 'overdue_over_90' end`,
          },
        },
      },
    ],
  },
  {
    id: 'credit_notes',
    sources: [
      {
        table: 'credit_notes',
        joins: [reportJoin('invoices', 'inv', sql`inv.id = f.invoice_id`, true)],
        where: issued,
        date: { column: sql`f.credit_date`, kind: 'date' },
        value: sql`sum(f.total_net)`,
        dimensions: buyerDimensions(sql`inv.customer_id`),
      },
    ],
  },
];
