import type { SQL } from 'drizzle-orm';
import { queryRows, withPlatform, type Db } from '../db/client';

/** Rows per delete statement: short transactions, no long lock on a busy table. */
export const PRUNE_CHUNK = 5000;

/**
 * Deletes in chunks across tenants: `chunk(limit)` is a statement that deletes at most `limit` rows and answers their
 * count as `n`; it runs in a short platform transaction of its own, again until a chunk deletes fewer than `limit`.
 * Answers how many rows went.
 */
export async function deleteInChunks(db: Db, chunk: (limit: number) => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await withPlatform(db, (tx) => queryRows<{ n: number }>(tx, chunk(PRUNE_CHUNK)));
    const n = row?.n ?? 0;
    total += n;
    if (n < PRUNE_CHUNK) return total;
  }
}
