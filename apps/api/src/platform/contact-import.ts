import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TListQuery, TResource } from '@tagstock/contract';
import { queryRows, type Tx } from '../db/client';
import { jsonList, jsonRows } from '../db/sql-fragments';
import type { ImportExportSpec, RowError } from './import-export';
import type { ListSpec } from './pagination';
import type { SheetColumn, SheetLang, SheetRow } from './spreadsheet';

export const CONTACT_COLUMNS = [
  'name',
  'contact',
  'address',
  'postcode',
  'city',
  'country',
  'vatNumber',
  'siren',
  'phone',
  'email',
  'parentCompany',
] as const;

/** The contact columns of a supplier or customer file: keys, cell types and headers. */
export const CONTACT_SHEET_COLUMNS: SheetColumn[] = [
  { key: 'name', type: 'text', header: { en: 'Business name', fr: 'Raison sociale' }, width: 32 },
  { key: 'contact', type: 'text', header: { en: 'Contact', fr: 'Contact' } },
  { key: 'address', type: 'text', header: { en: 'Address', fr: 'Adresse' }, width: 32 },
  { key: 'postcode', type: 'text', header: { en: 'Postcode', fr: 'Code postal' } },
  { key: 'city', type: 'text', header: { en: 'City', fr: 'Ville' } },
  { key: 'country', type: 'text', header: { en: 'Country', fr: 'Pays' } },
  { key: 'vatNumber', type: 'text', header: { en: 'VAT number', fr: 'N° de TVA' } },
  { key: 'siren', type: 'text', header: { en: 'SIREN', fr: 'SIREN' } },
  { key: 'phone', type: 'text', header: { en: 'Phone', fr: 'Téléphone' } },
  { key: 'email', type: 'text', header: { en: 'Email', fr: 'E-mail' }, width: 28 },
  { key: 'parentCompany', type: 'text', header: { en: 'Parent company', fr: 'Société mère' } },
];

const CONTACT_EXAMPLE: Record<SheetLang, Record<(typeof CONTACT_COLUMNS)[number], string>> = {
  en: {
    name: 'Example Ltd',
    contact: 'Jane Smith',
    address: '1 High Street',
    postcode: 'SW1A 1AA',
    city: 'London',
    country: 'United Kingdom',
    vatNumber: 'GB123456789',
    siren: '',
    phone: '+44 20 7946 0000',
    email: 'contact@example.com',
    parentCompany: '',
  },
  fr: {
    name: 'Exemple SARL',
    contact: 'Jeanne Martin',
    address: '12 rue Nationale',
    postcode: '59000',
    city: 'Lille',
    country: 'France',
    vatNumber: 'FR12345678901',
    siren: '345678901',
    phone: '+33 3 20 00 00 00',
    email: 'contact@exemple.fr',
    parentCompany: '',
  },
};

type ContactTable = PgTable & { id: PgColumn; tenantId: PgColumn; name: PgColumn };

/**
 * Updates many rows of `table` in one statement, each with its own values (keyed as the table's fields): the
 * fields a row carries are set, the others keep their value (jsonb_populate_record over the current row), and
 * `updated_at` is stamped. The ids also go in as an array, so the rows are found through the primary key rather
 * than by hashing every row of the tenant for each chunk.
 */
async function updateByIds(
  tx: Tx,
  table: ContactTable,
  tenantId: number,
  rows: { id: number; values: Record<string, unknown> }[],
): Promise<void> {
  const columns = getTableColumns(table);
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r.values)))].filter(
    (f) => f in columns && f !== 'id' && f !== 'tenantId',
  );
  const names = fields.map((f) => sql.identifier(columns[f]!.name));
  const payload = rows.map((r) => ({
    id: r.id,
    row: Object.fromEntries(Object.entries(r.values).map(([f, v]) => [columns[f]?.name ?? f, v])),
  }));
  await tx.execute(sql`update ${table} t set (${sql.join(names, sql`, `)}, updated_at) =
      (select ${sql.join(
        names.map((n) => sql`p.${n}`),
        sql`, `,
      )}, now() from jsonb_populate_record(t, v.row) p)
    from ${jsonRows(payload)} as v(id int, row jsonb)
    where t.id = v.id and t.tenant_id = ${tenantId}
      and t.id = any(array(select e.id::int from ${jsonList(rows.map((r) => r.id))} e(id)))`);
}

export type ContactImportOptions<TInput, L> = {
  path: string;
  resource: TResource;
  name: string;
  table: ContactTable;
  tableName: string;
  extraColumns: SheetColumn[];
  /** Example values of the extra columns in the import template. */
  extraExample?: (tx: Tx, tenantId: number) => Promise<Record<string, unknown>>;
  list(tenantId: number, q: TListQuery): ListSpec;
  exportColumns: ReturnType<typeof sql>;
  schema: z.ZodType<TInput>;
  lookups: ImportExportSpec<TInput, L>['lookups'];
  toInput: (values: SheetRow, lookups: L) => { input: Record<string, unknown>; errors: RowError[] };
};

// The tenant's records by name, read once before any chunk is written: the file's names are unique, so rows
// created by one chunk are never matched by a later one.
type ContactLookups<L> = { existing: Map<string, number>; extra: L };

/**
 * Import and export of a contact resource (suppliers, customers): rows match existing records by name
 * (case-insensitive), update them, and create the others; two statements per chunk at most.
 */
export function contactImportSpec<TInput extends { name: string }, L>(
  opts: ContactImportOptions<TInput, L>,
): ImportExportSpec<TInput, ContactLookups<L>> {
  const { table } = opts;
  return {
    ...opts,
    columns: [...CONTACT_SHEET_COLUMNS, ...opts.extraColumns],
    example: async (tx, tenantId, lang) => ({
      ...CONTACT_EXAMPLE[lang],
      ...(await opts.extraExample?.(tx, tenantId)),
    }),
    key: (input) => input.name,
    keyColumn: 'name',
    lookups: async (tx, tenantId) => ({
      existing: new Map(
        (
          await queryRows<{ id: number; name: string }>(
            tx,
            sql`select id, name from ${sql.identifier(opts.tableName)} where tenant_id = ${tenantId}`,
          )
        ).map((r) => [r.name.trim().toLowerCase(), r.id]),
      ),
      extra: await opts.lookups(tx, tenantId),
    }),
    toInput: (values, lookups) => opts.toInput(values, lookups.extra),
    async apply({ tx, tenantId, lookups: { existing } }, rows) {
      const idOf = (r: TInput) => existing.get(r.name.toLowerCase());
      const known = rows.filter((r) => idOf(r) !== undefined);
      const fresh = rows.filter((r) => idOf(r) === undefined);
      if (known.length)
        await updateByIds(
          tx,
          table,
          tenantId,
          known.map((r) => ({ id: idOf(r)!, values: r })),
        );
      if (fresh.length) await tx.insert(table).values(fresh.map((r) => ({ ...r, tenantId })) as never);
      return { created: fresh.length, updated: known.length };
    },
  };
}

/** The contact fields of a sheet row, as the input schema expects them. */
export const contactInput = (values: SheetRow): Record<string, unknown> =>
  Object.fromEntries(CONTACT_COLUMNS.map((c) => [c, c === 'name' ? (values[c] ?? '') : values[c] || null]));

/** Export columns of a contact row aliased `alias`. */
export const contactExport = (alias: string) => {
  const a = sql.raw(alias);
  return sql`${a}.name, ${a}.contact, ${a}.address, ${a}.postcode, ${a}.city, ${a}.country, ${a}.vat_number as "vatNumber",
    ${a}.siren, ${a}.phone, ${a}.email, ${a}.parent_company as "parentCompany"`;
};
