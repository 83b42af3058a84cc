import { sql } from 'drizzle-orm';
import type { ReportDimensionSource, ReportMeasureDeclaration } from '../reports/registry';
import { itemDimensions, reportJoin } from '../reports/registry';

/** The supplier of the order `o` (not the article's usual one). */
const orderSupplier = (order: string): ReportDimensionSource => ({
  joins: [reportJoin('suppliers', 'sup', sql`sup.id = ${sql.raw(order)}.supplier_id`)],
  key: sql`sup.id::text`,
  label: sql`sup.name`,
});
const orderStatus = (order: string): ReportDimensionSource => ({
  key: sql`${sql.raw(order)}.status`,
  label: sql`${sql.raw(order)}.status`,
});

/** Purchases ordered (orders not canceled, by order date) and received (receipts, valued at the order line's price). */
export const purchasingMeasures: ReportMeasureDeclaration[] = [
  {
    id: 'purchases_ordered',
    sources: [
      {
        table: 'purchase_orders',
        where: sql`f.status <> 'canceled'`,
        date: { column: sql`f.order_date`, kind: 'date' },
        value: sql`sum(f.total_net)`,
        dimensions: { supplier: orderSupplier('f'), status: orderStatus('f') },
      },
      {
        table: 'purchase_order_lines',
        joins: [reportJoin('purchase_orders', 'o', sql`o.id = f.order_id`, true)],
        where: sql`o.status <> 'canceled'`,
        date: { column: sql`o.order_date`, kind: 'date' },
        value: sql`sum(f.net_amount)`,
        dimensions: { ...itemDimensions(sql`f.article_id`), supplier: orderSupplier('o'), status: orderStatus('o') },
      },
    ],
  },
  {
    id: 'purchases_received',
    sources: [
      {
        table: 'purchase_receipt_lines',
        joins: [
          reportJoin('purchase_receipts', 'rcp', sql`rcp.id = f.receipt_id`, true),
          reportJoin('purchase_order_lines', 'ol', sql`ol.id = f.order_line_id`, true),
          reportJoin('purchase_orders', 'o', sql`o.id = ol.order_id`, true),
        ],
        date: { column: sql`rcp.receipt_date`, kind: 'date' },
        value: sql`sum(f.quantity * ol.net_amount / ol.quantity)`,
        dimensions: { ...itemDimensions(sql`ol.article_id`), supplier: orderSupplier('o') },
      },
    ],
  },
];
