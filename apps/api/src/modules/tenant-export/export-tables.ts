import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { TENANT_TIME_ZONE } from '../../platform/documents/numbering';
import type { SheetColumnType } from '../../platform/spreadsheet';

/** A column as the export writes it: its SQL type (for the README), its cell type and how it is read. */
export type ExportColumn = { name: string; sqlType: string; type: SheetColumnType; select: SQL };

/** A column the export leaves out of the CSV and XLSX files, and why. */
export type LeftOutColumn = { name: string; sqlType: string; why: 'secret' | 'file' };

/** A table of the tenant as the export reads it: page by page, in the order of `key` (unique). */
export type ExportTable = {
  name: string;
  columns: ExportColumn[];
  leftOut: LeftOutColumn[];
  key: string[];
  /** Rows read per page: fewer for tables with JSON documents, which can be large. */
  pageSize: number;
  /** The condition that keeps the tenant’s rows only, on the table aliased `t`. */
  ofTenant(tenantId: number): SQL;
};

/**
 * Column names that hold a secret (password hashes, token versions, reader secrets): never exported, whatever
 * the table. A column of a new table is caught by its name, not by a list to keep up to date.
 */
export const SECRET_COLUMN = /password|secret|token|_hash$/;

/**
 * A timestamp as the wall-clock time of the tenant's time zone (as on the screens), written with a `Z` so that the
 * spreadsheet helpers, which read dates in UTC, print it unchanged; spreadsheets have no time zones.
 */
const localTime = (c: SQL) => sql`to_char(${c} at time zone ${TENANT_TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

function exportColumn(column: PgColumn): ExportColumn | LeftOutColumn {
  const name = column.name;
  const sqlType = column.getSQLType();
  const c = sql`${sql.identifier(name)}`;
  if (SECRET_COLUMN.test(name)) return { name, sqlType, why: 'secret' };
  if (sqlType === 'bytea') return { name, sqlType, why: 'file' };
  const as = (type: SheetColumnType, select: SQL = sql`${c}::text`): ExportColumn => ({ name, sqlType, type, select });
  if (sqlType.endsWith('[]')) return as('text', sql`to_json(${c})::text`);
  if (sqlType.startsWith('timestamp')) return as('datetime', localTime(c));
  if (sqlType === 'date') return as('date', sql`to_char(${c}, 'YYYY-MM-DD')`);
  if (sqlType.startsWith('numeric')) return as(/,\s*2\)$/.test(sqlType) ? 'money' : 'rate');
  if (sqlType === 'real' || sqlType.startsWith('double')) return as('rate');
  if (/^(integer|serial|smallint|bigint|bigserial)$/.test(sqlType)) return as('integer');
  if (sqlType === 'boolean') return as('boolean', c);
  return as('text');
}

/** The columns that give the table's rows an order without ties: its primary key, else a unique key, else all. */
function keyOf(config: ReturnType<typeof getTableConfig>, columns: ExportColumn[]): string[] {
  const primary = config.columns.filter((c) => c.primary).map((c) => c.name);
  if (primary.length) return primary;
  const composite = config.primaryKeys[0]?.columns.map((c) => c.name);
  if (composite) return composite;
  const unique =
    config.uniqueConstraints[0]?.columns.map((c) => c.name) ??
    config.indexes.find((i) => i.config.unique)?.config.columns.map((c) => (c as PgColumn).name);
  return unique ?? columns.map((c) => c.name);
}

/**
 * Every table that holds a tenant's rows (a `tenant_id` column), plus the tenant's own row, from the drizzle schema
 * (the one source of the tables): a table added later is exported without being listed here. Tables of the
 * platform alone (its product catalogue) hold no tenant's data and are not exported.
 */
export function exportTables(): ExportTable[] {
  const tables: ExportTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const isTenants = config.name === 'tenants';
    if (!isTenants && !config.columns.some((c) => c.name === 'tenant_id')) continue;
    const all = config.columns.map(exportColumn);
    const columns = all.filter((c): c is ExportColumn => 'select' in c);
    tables.push({
      name: config.name,
      columns,
      leftOut: all.filter((c): c is LeftOutColumn => 'why' in c),
      key: keyOf(config, columns),
      pageSize: columns.some((c) => /^jsonb?$/.test(c.sqlType)) ? 100 : 1000,
      ofTenant: (tenantId) => (isTenants ? sql`t.id = ${tenantId}` : sql`t.tenant_id = ${tenantId}`),
    });
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}
