import { sql, type SQL } from 'drizzle-orm';

/** ISO-8601 UTC text of a timestamptz column, as every response carries dates. */
export const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Contact columns of a supplier or customer row aliased `alias`, named as in the contract. */
export const contactSelect = (alias: string) => {
  const a = sql.raw(alias);
  return sql`${a}.id, ${a}.name, ${a}.contact, ${a}.address, ${a}.postcode, ${a}.city, ${a}.country,
    ${a}.vat_number as "vatNumber", ${a}.siren, ${a}.phone, ${a}.email, ${a}.parent_company as "parentCompany",
    ${isoUtc(sql`${a}.created_at`)} as "createdAt", ${isoUtc(sql`${a}.updated_at`)} as "updatedAt"`;
};

/** Sortable and searchable contact fields shared by suppliers and customers. */
export const contactSort = (alias: string): Record<string, SQL> => {
  const a = sql.raw(alias);
  return {
    name: sql`${a}.name`,
    city: sql`${a}.city`,
    country: sql`${a}.country`,
    email: sql`${a}.email`,
    createdAt: sql`${a}.created_at`,
  };
};
export const contactSearch = (alias: string): SQL[] => {
  const a = sql.raw(alias);
  return [sql`${a}.name`, sql`${a}.contact`, sql`${a}.city`, sql`${a}.email`, sql`${a}.vat_number`];
};

/** A numeric amount as text with at least two decimals and no trailing zeros beyond them ("11.00", "1.005"). */
export const moneyText = (column: SQL) => sql`round(${column}, greatest(2, scale(trim_scale(${column}))))::text`;

/**
 * Many rows as one parameter: `select … from ${jsonRows(rows)} as v(a int, b text)`. One bind value however
 * many rows, the same on node-postgres and PGlite, and PostgreSQL parses it faster than thousands of params.
 */
export const jsonRows = (rows: readonly unknown[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

/** Many values as one parameter, one row each: `select … from ${jsonList(ids)} e(id)` (text; cast as needed). */
export const jsonList = (values: readonly (string | number)[]) =>
  sql`jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)`;

/**
 * Ids as one array parameter: `where id = any(${idArray(ids)})`. Unlike a join to `jsonList`, the planner knows
 * how many they are and probes the primary key for each, whatever its statistics of the table say (a table that
 * grew fast since its last ANALYZE was otherwise scanned whole, for every batch of a reader).
 */
export const idArray = (ids: Iterable<number>, type: 'int' | 'bigint' = 'int') => {
  const list = [...ids];
  for (const id of list) if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return sql`${`{${list.join(',')}}`}::${sql.raw(type)}[]`;
};
