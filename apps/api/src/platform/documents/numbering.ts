import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';

/** Series of document numbers: each has its own counter per tenant and year (`BC-2026-000042`). */
export const DOCUMENT_SERIES = { purchaseOrder: 'BC', platformOrder: 'RB' } as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[keyof typeof DOCUMENT_SERIES];

export const formatDocumentNumber = (series: string, year: number, value: number) =>
  `${series}-${year}-${String(value).padStart(6, '0')}`;

/**
 * The next number of a series, taken in the transaction that issues the document (never at draft): one
 * statement that creates or increments the tenant's counter row and keeps it locked until the transaction
 * ends. Concurrent issuers wait on that row, so numbers are contiguous and unique; a rolled-back issue gives
 * its number back with its increment.
 */
export async function nextDocumentNumber(tx: Tx, tenantId: number, series: DocumentSeries, date: string) {
  const year = Number(date.slice(0, 4));
  const [row] = await queryRows<{ value: number }>(
    tx,
    sql`insert into document_counters (tenant_id, series, year, last_value) values (${tenantId}, ${series}, ${year}, 1)
        on conflict (tenant_id, series, year) do update set last_value = document_counters.last_value + 1
        returning last_value as value`,
  );
  return formatDocumentNumber(series, year, row!.value);
}
