import { sql, type SQL } from 'drizzle-orm';
import type { ReportMeasureDeclaration, ReportSource } from '../reports/registry';
import { itemDimensions, reportJoin } from '../reports/registry';

const finished = [reportJoin('inventories', 'inv', sql`inv.id = f.inventory_id`, true)];
const finishedAt = { column: sql`inv.finished_at`, kind: 'timestamp' } as const;

/** Gaps of finished inventories (counted − theoretical), by the day they finished: by article from their lines, by
 * attribution from the groups written when they finished (the holder at that time). */
function gaps(column: SQL): ReportSource[] {
  return [
    {
      table: 'inventory_lines',
      joins: finished,
      where: sql`inv.status = 'finished'`,
      date: finishedAt,
      value: sql`sum(${column})`,
      dimensions: itemDimensions(sql`f.article_id`),
    },
    {
      table: 'inventory_gap_groups',
      joins: finished,
      where: sql`inv.status = 'finished' and f.grouping = 'attribution'`,
      date: finishedAt,
      value: sql`sum(${column})`,
      dimensions: { attribution: { key: sql`coalesce(f.key::text, f.label)`, label: sql`f.label` } },
    },
  ];
}

export const inventoriesMeasures: ReportMeasureDeclaration[] = [
  { id: 'inventory_gap_quantity', sources: gaps(sql`f.gap`) },
  { id: 'inventory_gap_value', sources: gaps(sql`f.gap_value`) },
];
