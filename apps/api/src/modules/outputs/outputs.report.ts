import { sql } from 'drizzle-orm';
import type { ReportMeasureDeclaration } from '../reports/registry';
import { buyerDimensions, itemDimensions, reportJoin } from '../reports/registry';

/** Units that left through validated stock outputs, by output date. */
export const outputsMeasures: ReportMeasureDeclaration[] = [
  {
    id: 'outputs',
    sources: [
      {
        table: 'output_lines',
        joins: [reportJoin('outputs', 'o', sql`o.id = f.output_id`, true)],
        where: sql`o.status = 'validated'`,
        date: { column: sql`o.output_date`, kind: 'date' },
        value: sql`sum(f.quantity)`,
        dimensions: {
          ...itemDimensions(sql`f.article_id`),
          ...buyerDimensions(sql`o.customer_id`),
          reason: {
            joins: [reportJoin('reasons', 'rsn', sql`rsn.id = o.reason_id`)],
            key: sql`rsn.id::text`,
            label: sql`rsn.label`,
          },
          consumer: {
            joins: [reportJoin('consumers', 'con', sql`con.id = o.consumer_id`)],
            key: sql`con.id::text`,
            label: sql`con.name`,
          },
        },
      },
    ],
  },
];
