import { sql } from 'drizzle-orm';
import { REPORT_TIME_ZONE } from '@tagstock/contract';
import type { ReportMeasureDeclaration } from '../reports/registry';
import { buyerDimensions, itemDimensions } from '../reports/registry';

/** Units reserved, by the day they were reserved; an active reservation past its day shows as expired. */
export const reservationsMeasures: ReportMeasureDeclaration[] = [
  {
    id: 'reservations',
    sources: [
      {
        table: 'reservations',
        date: { column: sql`f.created_at`, kind: 'timestamp' },
        value: sql`sum(f.quantity)`,
        dimensions: {
          ...itemDimensions(sql`f.article_id`),
          ...buyerDimensions(sql`f.customer_id`),
          status: {
            key: sql`case when f.status = 'active' and f.until < (now() at time zone ${REPORT_TIME_ZONE})::date
              then 'expired' else f.status end`,
          },
          document_type: { key: sql`f.document_type` },
        },
      },
    ],
  },
];
