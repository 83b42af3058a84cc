import { sql } from 'drizzle-orm';
import type { ReportMeasureDeclaration, ReportSource } from '../reports/registry';
import { itemDimensions, reportJoin } from '../reports/registry';

const onHand = (value: ReportSource['value']): ReportSource => ({
  table: 'articles',
  value,
  dimensions: itemDimensions(sql`f.id`),
});

const movements = (where: ReportSource['where'], value: ReportSource['value']): ReportSource => ({
  table: 'stock_movements',
  where,
  date: { column: sql`f.created_at`, kind: 'timestamp' },
  value,
  dimensions: {
    ...itemDimensions(sql`f.article_id`),
    // The tenant's own reason when the movement names one, else the kind of change (receipt, delivery…).
    reason: {
      joins: [reportJoin('reasons', 'rsn', sql`rsn.id = f.reason_id`)],
      key: sql`coalesce(rsn.id::text, f.reason_code)`,
      label: sql`coalesce(rsn.label, f.reason_code)`,
    },
    document_type: { key: sql`f.source_type`, label: sql`f.source_type` },
  },
});

/** The stock as it is now (a snapshot: the period does not apply), valued at cost, and the movements in and out. */
export const stockMeasures: ReportMeasureDeclaration[] = [
  { id: 'stock_quantity', sources: [onHand(sql`sum(f.quantity)`)] },
  // Valued as the inventories value it: the purchase price, else the price excl. tax.
  { id: 'stock_value', sources: [onHand(sql`sum(f.quantity * coalesce(f.unit_price, f.price_ht))`)] },
  { id: 'movements_in', sources: [movements(sql`f.delta > 0`, sql`sum(f.delta)`)] },
  { id: 'movements_out', sources: [movements(sql`f.delta < 0`, sql`sum(-f.delta)`)] },
];
