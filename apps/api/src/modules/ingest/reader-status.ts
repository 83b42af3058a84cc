import { sql } from 'drizzle-orm';
import { SocketEvents, type TReaderStatusEvent } from '@tagstock/contract';
import { queryRows, withPlatform, type Db } from '../../db/client';
import { periodic } from '../../platform/periodic';
import type { Realtime } from '../../platform/realtime';

const SWEEP_INTERVAL_MS = 5000;

type StatusRow = { id: number; tenantId: number; name: string; location: string };

export type ReaderStatus = {
  /** Marks silent readers offline; each transition is announced once, whichever process wins the row. */
  sweep(now?: Date): Promise<number>;
  /** An explicit disconnect (MQTT last will): offline at once. */
  markOffline(readerId: number, now?: Date): Promise<boolean>;
  start(): void;
  stop(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    readerStatus: ReaderStatus;
  }
}

/**
 * Online/offline state of readers, kept in the database so that it survives restarts and is shared by
 * every process. A reader comes online through ingestion (markHeard); it goes offline here.
 */
export function createReaderStatus(
  db: Db,
  realtime: Pick<Realtime, 'notifyTenant'>,
  log: { error(obj: unknown, msg: string): void },
): ReaderStatus {
  const announce = (rows: StatusRow[], at: Date) => {
    for (const r of rows) {
      const payload: TReaderStatusEvent = {
        readerId: r.id,
        name: r.name,
        emplacement: r.location,
        at: at.toISOString(),
      };
      realtime.notifyTenant(r.tenantId, SocketEvents.readerDisconnect, payload);
    }
  };

  // Platform work across tenants: an explicit platform transaction.
  const sweep = async (now = new Date()) => {
    const rows = await withPlatform(db, (tx) =>
      queryRows<StatusRow>(
        tx,
        sql`update readers set online = false
          where online and last_heard_at + make_interval(secs => heartbeat_timeout_seconds) < ${now.toISOString()}::timestamptz
          returning id, tenant_id as "tenantId", name, location`,
      ),
    );
    announce(rows, now);
    return rows.length;
  };

  const markOffline = async (readerId: number, now = new Date()) => {
    const rows = await withPlatform(db, (tx) =>
      queryRows<StatusRow>(
        tx,
        sql`update readers set online = false where id = ${readerId} and online
            returning id, tenant_id as "tenantId", name, location`,
      ),
    );
    announce(rows, now);
    return rows.length > 0;
  };

  return { sweep, markOffline, ...periodic('reader status sweep', SWEEP_INTERVAL_MS, sweep, log) };
}
