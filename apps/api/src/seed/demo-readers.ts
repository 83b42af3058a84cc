import { sql } from 'drizzle-orm';
import { queryRows, withTenant, type Db } from '../db/client';
import type { ReaderStatus } from '../modules/ingest/reader-status';
import type { ReaderRow } from '../modules/ingest/reader-auth';
import { readerResource } from '../modules/rfid/readers';
import { loadAuthContext } from '../platform/auth';
import { aliveBody, crossingReads, defaultIdentity, vendorBatch } from '../../../../tools/reader-sim/src/payloads';
import { httpSender, sendUntilAcked, type Sender } from '../../../../tools/reader-sim/src/transport';
import { demoReaders as readersOf, gatePorts } from './seed-activity';
import { demoAdmin } from './seed-history';

/**
 * `DEMO_READERS=1`: the reader simulator (tools/reader-sim) runs in this process against the Demo tenant's readers,
 * posting to this server's own ingestion routes over HTTP as real readers do. The exit gate sees a tag walk out
 * and walk back in, one passage a tick (the blouses' exits are unauthorized: the warning shows); the storage reader
 * says it is alive every tick, and every `dropEvery` ticks drops (offline at once, as its MQTT last will would say)
 * and stays silent for `dropFor` ticks before it comes back. Both readers get new secrets when it starts.
 */
export type DemoReadersOptions = {
  db: Db;
  /** This server's base URL, e.g. http://127.0.0.1:8080. */
  server: string;
  readerStatus: Pick<ReaderStatus, 'markOffline'>;
  /** Between two ticks (a passage at the gate, a heartbeat of the storage reader). */
  everyMs?: number;
  dropEvery?: number;
  dropFor?: number;
  log: { warn(obj: unknown, msg: string): void };
};

export type DemoReaders = { stop(): Promise<void> };

type Simulated = { reader: ReaderRow; sender: Sender };

export async function startDemoReaders(opts: DemoReadersOptions): Promise<DemoReaders | undefined> {
  const { db, log } = opts;
  const everyMs = opts.everyMs ?? 3000;
  const dropEvery = opts.dropEvery ?? 20;
  const dropFor = opts.dropFor ?? 5;
  const admin = await demoAdmin(db);
  const auth = admin && (await loadAuthContext(db, admin.id));
  if (!auth?.tenantId) {
    log.warn({}, 'DEMO_READERS: no Demo tenant in this database; the simulated readers do not run');
    return undefined;
  }
  const tenantId = auth.tenantId;
  const { gate, storage } = await readersOf(db, tenantId);
  if (!gate || !storage) {
    log.warn({}, 'DEMO_READERS: the Demo tenant has no exit gate or storage reader; the simulated readers do not run');
    return undefined;
  }
  const { rotateSecret } = readerResource(db);
  const simulate = async (reader: ReaderRow): Promise<Simulated> => {
    const { secret } = await rotateSecret(auth, reader.id);
    return { reader, sender: httpSender({ transport: 'http', secret, server: opts.server }) };
  };
  const door = await simulate(gate);
  const shelf = await simulate(storage);
  const epcs = await withTenant(db, tenantId, (tx) =>
    queryRows<{ epc: string }>(
      tx,
      sql`select epc from tags where tenant_id = ${tenantId} and status = 'active' and article_id is not null
          order by epc`,
    ),
  );
  const { inner, outer } = gatePorts(gate);
  const identity = defaultIdentity(gate.id);

  const post = async ({ reader, sender }: Simulated, body: unknown) => {
    const { result } = await sendUntilAcked(sender, 'impinj', body, { retry: false });
    if (!result.ok)
      log.warn({ readerId: reader.id, status: result.status, error: result.error }, 'DEMO_READERS: post refused');
  };

  let tick = 0;
  const step = async () => {
    const n = tick++;
    // A passage at the gate: the tags in turn, each out then back in; its reads just happened.
    if (epcs.length) {
      const epc = epcs[Math.floor(n / 2) % epcs.length]!.epc;
      const [from, to] = n % 2 === 0 ? [inner, outer] : [outer, inner];
      const reads = crossingReads(epc, from, to, new Date(Date.now() - 1000));
      await post(door, vendorBatch('impinj', reads, { id: identity, firstEventNum: 0 }).body);
    }
    // The storage reader: alive, or dropped for a while.
    const phase = n % dropEvery;
    if (phase === dropEvery - dropFor) await opts.readerStatus.markOffline(storage.id);
    else if (phase < dropEvery - dropFor) await post(shelf, aliveBody('impinj', new Date()));
  };

  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = step()
        .catch((err: unknown) => log.warn({ err }, 'DEMO_READERS: a tick failed'))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, everyMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
