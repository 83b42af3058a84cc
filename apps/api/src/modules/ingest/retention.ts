import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

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
  let timer: NodeJS.Timeout | undefined;
  const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

  // Platform work across tenants, as the database owner (like the reader status sweep).
  async function drain(statement: (cutoff: string) => ReturnType<typeof sql>, cutoff: string) {
    let total = 0;
    for (;;) {
      const rows = await queryRows<{ n: number }>(db, statement(cutoff));
      const n = rows[0]?.n ?? 0;
      total += n;
      if (n < CHUNK) return total;
    }
  }

  const prune = async (now = new Date()) => ({
    presences: await drain(
      (cutoff) => sql`with gone as (
          delete from tag_presences where ctid in (
            select ctid from tag_presences where last_seen_at < ${cutoff}::timestamptz limit ${CHUNK})
          returning 1)
        select count(*)::int as n from gone`,
      hoursBefore(now, PRESENCE_RETENTION_HOURS),
    ),
    eventKeys: await drain(
      (cutoff) => sql`with gone as (
          delete from ingest_events where ctid in (
            select ctid from ingest_events where received_at < ${cutoff}::timestamptz limit ${CHUNK})
          returning 1)
        select count(*)::int as n from gone`,
      hoursBefore(now, EVENT_KEY_RETENTION_HOURS),
    ),
  });

  return {
    prune,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        prune().catch((err: unknown) => log.error({ err }, 'ingestion retention failed'));
      }, INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
