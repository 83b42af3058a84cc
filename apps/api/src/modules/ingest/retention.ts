import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { periodic } from '../../platform/periodic';
import { deleteInChunks } from '../../platform/prune';

/**
 * How long the de-duplication state is kept. A presence is forgotten a day after its tag was last seen by that
 * antenna (the presence and direction windows are seconds); an idempotency key two days after it arrived,
 * which covers any reader retrying a batch. Both tables would otherwise grow with every read forever.
 */
export const PRESENCE_RETENTION_HOURS = 24;
export const EVENT_KEY_RETENTION_HOURS = 48;
const INTERVAL_MS = 10 * 60_000;

export type Retention = {
  prune(now?: Date): Promise<{ presences: number; eventKeys: number }>;
  start(): void;
  stop(): void;
};

export function createRetention(db: Db, log: { error(obj: unknown, msg: string): void }): Retention {
  const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

  /** Deletes the rows of `table` whose `column` is before `cutoff`, a chunk per statement; answers how many. */
  const prune = (table: string, column: string, cutoff: string) =>
    deleteInChunks(
      db,
      (limit) =>
        sql`with gone as (
              delete from ${sql.identifier(table)} where ctid in (
                select ctid from ${sql.identifier(table)} where ${sql.identifier(column)} < ${cutoff}::timestamptz
                limit ${limit})
              returning 1)
            select count(*)::int as n from gone`,
    );

  const run = async (now = new Date()) => ({
    presences: await prune('tag_presences', 'last_seen_at', hoursBefore(now, PRESENCE_RETENTION_HOURS)),
    eventKeys: await prune('ingest_events', 'received_at', hoursBefore(now, EVENT_KEY_RETENTION_HOURS)),
  });
  return { prune: run, ...periodic('ingestion retention', INTERVAL_MS, run, log) };
}
