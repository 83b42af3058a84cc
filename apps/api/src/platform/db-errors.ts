import { sql } from 'drizzle-orm';
import type { ProblemParams } from '@tagstock/contract';
import { queryRows, withTenant, type Db } from '../db/client';
import { AppError, conflict } from './errors';

type PgError = { code?: string; constraint?: string; table?: string; cause?: unknown };

/** The PostgreSQL error under drizzle's wrapper, if any. */
export function pgError(err: unknown): PgError | undefined {
  let e = err as PgError | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as PgError | undefined;
  }
  return undefined;
}

export type DbErrorMap = {
  /** unique constraint name → field it is about */
  unique?: Record<string, string>;
  /** message when a row is still referenced elsewhere */
  inUse?: string;
};

/**
 * What still uses a row whose deletion a foreign key refused: the referencing table (`usedBy`) and how many
 * of the tenant's rows there point at it (`count`), read from the catalogue so no module has to declare it.
 * Runs after the failed transaction, in a new one.
 */
export async function usesOf(db: Db, tenantId: number, id: number, err: unknown): Promise<ProblemParams | undefined> {
  const pg = pgError(err);
  if (pg?.code !== '23503' || !pg.table || !pg.constraint) return undefined;
  const table = pg.table;
  const params: ProblemParams = { usedBy: table };
  try {
    return await withTenant(db, tenantId, async (tx) => {
      const [fk] = await queryRows<{ column: string; tenant: boolean }>(
        tx,
        sql`select a.attname as column,
              exists (select 1 from pg_attribute t where t.attrelid = c.conrelid and t.attname = 'tenant_id') as tenant
            from pg_constraint c
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
            where c.conname = ${pg.constraint} and c.conrelid = to_regclass(${table}) and cardinality(c.conkey) = 1`,
      );
      if (!fk) return params;
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${sql.identifier(table)}
            where ${sql.identifier(fk.column)} = ${id}${fk.tenant ? sql` and tenant_id = ${tenantId}` : sql``}`,
      );
      return { ...params, count: row?.n ?? 0 };
    });
  } catch {
    // The count is a courtesy: the refusal stands without it.
    return params;
  }
}

/**
 * Turns constraint violations into clear 409 problems; anything else is rethrown untouched. `uses`: what
 * usesOf found, for an `in_use` refusal.
 */
export function translateDbError(err: unknown, map: DbErrorMap, uses?: ProblemParams): never {
  const pg = pgError(err);
  if (pg?.code === '23505') {
    const field = (pg.constraint && map.unique?.[pg.constraint]) ?? 'id';
    throw conflict('already_exists', `This ${field} is already used`, [
      { field, message: 'already used', code: 'already_used' },
    ]);
  }
  if (pg?.code === '23503') {
    const usedBy = uses ?? (pg.table ? { usedBy: pg.table } : undefined);
    throw conflict('in_use', map.inUse ?? 'This record is still used elsewhere and cannot be deleted', [], usedBy);
  }
  if (pg?.code === '23514' && pg.constraint?.includes('quantity')) {
    throw new AppError(409, 'insufficient_stock', 'Stock cannot go below zero');
  }
  throw err;
}
