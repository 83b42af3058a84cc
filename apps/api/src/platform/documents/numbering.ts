import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';

/**
 * The time zone of a tenant's business days: the year of a document's number, the date of a document the
 * server issues. Every tenant is in France for now (decisions.md); a per-tenant zone would be read here.
 */
export const TENANT_TIME_ZONE = 'Europe/Paris';

export const formatDocumentNumber = (series: string, year: number, value: number) =>
  `${series}-${year}-${String(value).padStart(6, '0')}`;

/** Today in the tenant's time zone (yyyy-mm-dd), by the database's clock. */
export async function tenantToday(tx: Tx): Promise<string> {
  const [row] = await queryRows<{ today: string }>(
    tx,
    sql`select to_char(now() at time zone ${TENANT_TIME_ZONE}, 'YYYY-MM-DD') as today`,
  );
  return row!.today;
}

/**
 * The next number of a series, taken in the transaction that issues the document: one statement that creates
 * or increments the tenant's counter row of the series and the year (of the server's date in the tenant's time
 * zone, not a date the user typed) and keeps it locked until the transaction ends. Concurrent issuers wait on
 * that row, so numbers are contiguous and unique; a rolled-back issue gives its number back with its increment.
 */
export async function nextDocumentNumber(tx: Tx, tenantId: number, series: string): Promise<string> {
  const [row] = await queryRows<{ year: number; value: number }>(
    tx,
    sql`insert into document_counters (tenant_id, series, year, last_value)
        values (${tenantId}, ${series}, extract(year from now() at time zone ${TENANT_TIME_ZONE})::int, 1)
        on conflict (tenant_id, series, year) do update set last_value = document_counters.last_value + 1
        returning year, last_value as value`,
  );
  return formatDocumentNumber(series, row!.year, row!.value);
}
