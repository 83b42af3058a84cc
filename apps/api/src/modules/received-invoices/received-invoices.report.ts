import { sql } from 'drizzle-orm';
import type { ReportMeasureDeclaration } from '../reports/registry';
import { reportJoin } from '../reports/registry';

/** Supplier invoices by their issue date; a received credit note (type 381) counts against them. */
export const receivedInvoicesMeasures: ReportMeasureDeclaration[] = [
  {
    id: 'received_invoices',
    sources: [
      {
        table: 'received_invoices',
        date: { column: sql`f.issue_date`, kind: 'date' },
        value: sql`sum(case when f.type_code = '381' then -f.total_net else f.total_net end)`,
        dimensions: {
          // The matched supplier, else the seller's name as the invoice gives it.
          supplier: {
            joins: [reportJoin('suppliers', 'sup', sql`sup.id = f.supplier_id`)],
            key: sql`coalesce(sup.id::text, f.seller_name)`,
            label: sql`coalesce(sup.name, f.seller_name)`,
          },
        },
      },
    ],
  },
];
