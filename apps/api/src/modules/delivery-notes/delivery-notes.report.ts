import { sql } from 'drizzle-orm';
import type { ReportMeasureDeclaration } from '../reports/registry';
import { buyerDimensions, itemDimensions, reportJoin } from '../reports/registry';

/** Units delivered (delivery notes marked delivered), by the day they were delivered. */
export const deliveryNotesMeasures: ReportMeasureDeclaration[] = [
  {
    id: 'deliveries',
    sources: [
      {
        table: 'delivery_note_lines',
        joins: [reportJoin('delivery_notes', 'dn', sql`dn.id = f.delivery_note_id`, true)],
        where: sql`dn.status = 'delivered'`,
        date: { column: sql`dn.delivered_at`, kind: 'timestamp' },
        value: sql`sum(f.quantity)`,
        dimensions: { ...itemDimensions(sql`f.article_id`), ...buyerDimensions(sql`dn.customer_id`) },
      },
    ],
  },
];
