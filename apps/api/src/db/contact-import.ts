import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TListQuery, TResource } from '@tagstock/contract';
import { importExportRoutes, type ImportExportSpec } from '../platform/import-export';
import type { ListSpec } from '../platform/pagination';
import type { SheetRow } from '../platform/spreadsheet';
import { queryRows, type Db } from './client';

export const CONTACT_COLUMNS = [
  'name',
  'contact',
  'address',
  'postcode',
  'city',
  'country',
  'vatNumber',
  'phone',
  'email',
  'parentCompany',
] as const;

const CHUNK = 1000;

type ContactTable = PgTable & { id: PgColumn; tenantId: PgColumn; name: PgColumn };

/**
 * Import and export of a contact resource (suppliers, customers): rows match existing records by name
 * (case-insensitive), update them, and create the others.
 */
export function contactImportRoutes<TInput extends { name: string }, L>(
  db: Db,
  opts: {
    path: string;
    resource: TResource;
    name: string;
    table: ContactTable;
    tableName: string;
    extraColumns: string[];
    list(tenantId: number, q: TListQuery): ListSpec;
    exportColumns: ReturnType<typeof sql>;
    schema: z.ZodType<TInput>;
    lookups: ImportExportSpec<TInput, L>['lookups'];
    toInput: (
      values: SheetRow,
      lookups: L,
    ) => { input: Record<string, unknown>; errors: { column: string; message: string }[] };
  },
) {
  return importExportRoutes<TInput, L>(db, {
    ...opts,
    columns: [...CONTACT_COLUMNS, ...opts.extraColumns].map((key) => ({
      key,
      header: key,
      width: key === 'name' ? 32 : 18,
    })),
    key: (input) => input.name,
    keyColumn: 'name',
    async apply({ tx, tenantId }, rows) {
      const existing = new Map(
        (
          await queryRows<{ id: number; name: string }>(tx, sql`select id, name from ${sql.identifier(opts.tableName)}`)
        ).map((r) => [r.name.trim().toLowerCase(), r.id]),
      );
      const fresh = rows.filter((r) => !existing.has(r.name.toLowerCase()));
      const known = rows.filter((r) => existing.has(r.name.toLowerCase()));
      for (const row of known) {
        await tx
          .update(opts.table)
          .set({ ...row, updatedAt: new Date() } as never)
          .where(eq(opts.table.id, existing.get(row.name.toLowerCase())!));
      }
      for (let i = 0; i < fresh.length; i += CHUNK) {
        await tx.insert(opts.table).values(fresh.slice(i, i + CHUNK).map((r) => ({ ...r, tenantId })) as never);
      }
      return { created: fresh.length, updated: known.length };
    },
  });
}

/** The contact fields of a sheet row, as the input schema expects them. */
export const contactInput = (values: SheetRow): Record<string, unknown> =>
  Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, c === 'name' ? (values[c] ?? '') : values[c] || null]));

/** Export columns of a contact row aliased `alias`. */
export const contactExport = (alias: string) => {
  const a = sql.raw(alias);
  return sql`${a}.name, ${a}.contact, ${a}.address, ${a}.postcode, ${a}.city, ${a}.country, ${a}.vat_number as "vatNumber",
    ${a}.phone, ${a}.email, ${a}.parent_company as "parentCompany"`;
};
