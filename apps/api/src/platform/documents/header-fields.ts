import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TUnpricedLine } from '@tagstock/contract';
import type { TChange } from '../../db/schema';
import { isoUtc } from '../../db/sql-fragments';

/**
 * A document's header fields, named once as its drizzle table names them (the table's camelCase keys are the
 * contract's names): their select on the header aliased `o` (dates as `YYYY-MM-DD`, times in UTC), the columns a
 * write takes from the input, the values an edit's history compares, and the columns a list filters and sorts by.
 */
export function headerFields<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  names: readonly K[],
) {
  const columns = getTableColumns(table);
  const column = (name: K) => columns[name]!;
  const read = (name: K): SQL => {
    const c = sql`o.${sql.identifier(column(name).name)}`;
    const type = column(name).getSQLType();
    return type === 'date' ? sql`to_char(${c}, 'YYYY-MM-DD')` : type.startsWith('timestamp') ? isoUtc(c) : c;
  };
  return {
    select: sql.join(
      names.map((name) => sql`${read(name)} as ${sql.identifier(name)}`),
      sql`, `,
    ),
    write: (input: Partial<Record<K, unknown>>) =>
      Object.fromEntries(names.filter((n) => n in input).map((n) => [column(n).name, input[n]])),
    logged: (doc: Partial<Record<K, unknown>>) => Object.fromEntries(names.map((n) => [n, doc[n]])),
    /** Columns of the table `o` by their names, for a list's `equals` and `sort`. */
    columns: (some: readonly K[]): Record<string, SQL> =>
      Object.fromEntries(some.map((n) => [n, sql`o.${sql.identifier(column(n).name)}`])),
  };
}

/** What an unpriced document counts of its lines (`line_count`, `units`, `epc_count`), selected on `o`. */
export const unpricedCountsSelect = sql`o.line_count as "lineCount", o.units, o.epc_count as "epcCount"`;

/** What the history says of a new unpriced document. */
export const unpricedCreated = (doc: { lineCount: number; units: number }): TChange[] => [
  { field: 'lines', from: null, to: doc.lineCount },
  { field: 'units', from: null, to: doc.units },
];

/** The items of an unpriced document's PDF: each line with the EPCs of its items. */
export const unpricedPdfItems = (lines: readonly TUnpricedLine[]) =>
  lines.map((l) => ({
    reference: l.reference,
    designation: l.designation,
    quantity: l.quantity,
    detail: l.epcs.join(' '),
  }));
