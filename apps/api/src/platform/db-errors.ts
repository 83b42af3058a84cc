import { AppError, conflict } from './errors';

type PgError = { code?: string; constraint?: string; cause?: unknown };

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

/** Turns constraint violations into clear 409 problems; anything else is rethrown untouched. */
export function translateDbError(err: unknown, map: DbErrorMap): never {
  const pg = pgError(err);
  if (pg?.code === '23505') {
    const field = (pg.constraint && map.unique?.[pg.constraint]) ?? 'id';
    throw conflict('already_exists', `This ${field} is already used`, [{ field, message: 'already used' }]);
  }
  if (pg?.code === '23503') {
    throw conflict('in_use', map.inUse ?? 'This record is still used elsewhere and cannot be deleted');
  }
  if (pg?.code === '23514' && pg.constraint?.includes('quantity')) {
    throw new AppError(409, 'insufficient_stock', 'Stock cannot go below zero');
  }
  throw err;
}
