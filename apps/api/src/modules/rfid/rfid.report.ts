import { sql } from 'drizzle-orm';
import type { ReportMeasureDeclaration } from '../reports/registry';
import { itemDimensions, reportJoin } from '../reports/registry';

/** Tag movements the exit gates judged unauthorized (an alarm each), by when they were seen and where. */
export const rfidMeasures: ReportMeasureDeclaration[] = [
  {
    id: 'unauthorized_exits',
    sources: [
      {
        table: 'tag_movements',
        // The partial index tag_movements_unauthorized_idx covers exactly this condition.
        where: sql`f.is_authorized = false`,
        date: { column: sql`f.seen_at`, kind: 'timestamp' },
        value: sql`count(*)`,
        dimensions: {
          ...itemDimensions(sql`f.article_id`),
          location: {
            joins: [reportJoin('readers', 'rdr', sql`rdr.id = f.reader_id`)],
            key: sql`coalesce(rdr.id::text, f.location)`,
            label: sql`coalesce(rdr.name || ' (' || rdr.location || ')', f.location)`,
            match: [sql`rdr.name`, sql`rdr.location`, sql`f.location`],
          },
        },
      },
    ],
  },
];
