import { sql } from 'drizzle-orm';
import { queryRows, withPlatform, type Db } from '../../db/client';
import { periodic } from '../../platform/periodic';

/**
 * How long the de-duplication state is kept. A presence is forgotten a day after its tag was last seen by that
 * antenna (the presence and direction windows are seconds); an idempotency key two days after it arrived,
 * which covers any reader retrying a batch. Both tables would otherwise grow with every read forever.
 */
export const PRESENCE_RETENTION_HOURS = 24;
export const EVENT_KEY_RETENTION_HOURS = 48;
const INTERVAL_MS = 10 * 60_000;
/** Rows per delete statement: short transactions, no long lock on a busy table. */
const CHUNK = 5000;

export type Retention = {
  prune(now?: Date): Promise<{ presences: number; eventKeys: number }>;
  start(): void;
  stop(): void;
};

export function createRetention(db: Db, log: { error(obj: unknown, msg: string): void }): Retention {
  const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

  /** Deletes the rows of `table` whose `column` is before `cutoff`, a chunk per statement; answers how many. */
  async function prune(table: string, column: string, cutoff: string) {
    let total = 0;
    for (;;) {
      // Platform work across tenants, one short platform transaction per chunk (like the reader status sweep).
      const [row] = await withPlatform(db, (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`with gone as (
                delete from ${sql.identifier(table)} where ctid in (
                  select ctid from ${sql.identifier(table)} where ${sql.identifier(column)} < ${cutoff}::timestamptz
                  limit ${CHUNK})
                returning 1)
              select count(*)::int as n from gone`,
        ),
      );
      total += row?.n ?? 0;
      if ((row?.n ?? 0) < CHUNK) return total;
    }
  }

  const run = async (now = new Date()) => ({
    presences: await prune('tag_presences', 'last_seen_at', hoursBefore(now, PRESENCE_RETENTION_HOURS)),
    eventKeys: await prune('ingest_events', 'received_at', hoursBefore(now, EVENT_KEY_RETENTION_HOURS)),
  });
  return { prune: run, ...periodic('ingestion retention', INTERVAL_MS, run, log) };
}
