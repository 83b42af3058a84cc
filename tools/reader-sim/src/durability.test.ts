import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgres } from '../../../apps/api/src/test/postgres';
import { runLoad } from './load';
import { defaultIdentity, demoEpc } from './payloads';
import { freePort, kill, setupGate, signIn, startServer, type ServerProcess } from './server';
import { httpSender, type Sender } from './transport';

/**
 * A real server process is SIGKILLed twice while a gate sends walk-outs; the simulated reader retries every
 * batch until acknowledged. Every crossing must end up recorded exactly once, with its stock change.
 * PGlite by default (the kill is the test of its durability); PostgreSQL when TEST_DB=postgres.
 */
const PASSWORD = 'durability-pass-1';
const TAGS = 240;
const CROSSINGS_PER_SECOND = 60;
const onPostgres = process.env.TEST_DB === 'postgres';

const freshDatabase = () => (onPostgres ? freshPostgres() : Promise.resolve(undefined));

describe(`ingestion survives SIGKILL of the server (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tagstock-durability-'));
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  afterAll(async () => {
    if (server) await kill(server.proc, 'SIGTERM');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('records every walk-out exactly once across two crashes', { timeout: 480_000 }, async () => {
    database = await freshDatabase();
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    server = await startServer(env);
    const api = await signIn(server.base, 'admin@demo.test', PASSWORD);
    const epcs = Array.from({ length: TAGS }, (_, i) => demoEpc(500_000 + i));
    const stock = TAGS + 10;
    const { reader, article } = await setupGate(api, { name: 'Portique durabilité', vendor: 'zebra', epcs, stock });

    // Two crashes. The first while a batch is on the wire (most likely before its commit). The second after a
    // batch was committed and answered, but with the answer lost on the way: the reader must resend it to the
    // restarted server, which must recognise it rather than record its walk-outs twice.
    const killInFlightAt = 4;
    const loseAnswerOf = 12;
    let lostReads = 0;
    let restarts = 0;
    const crashes: Promise<void>[] = [];
    const crash = () => {
      const current = server!;
      const done = (async () => {
        await kill(current.proc, 'SIGKILL');
        server = await startServer(env);
        restarts += 1;
      })();
      crashes.push(done);
      return done;
    };
    const http = httpSender({ transport: 'http', secret: reader.secret, server: server.base, timeoutMs: 5000 });
    let sending = -1;
    const sender: Sender = {
      async send(kind, body) {
        const result = await http.send(kind, body);
        if (sending !== loseAnswerOf || !result.ok || lostReads) return result;
        lostReads = result.report?.reads ?? 0;
        void crash();
        return { ok: false, status: null, error: 'answer lost, then the server was killed' };
      },
      close: () => http.close(),
    };
    const stats = await runLoad(
      sender,
      {
        vendor: 'zebra',
        identity: defaultIdentity(reader.id),
        rate: 600,
        durationSeconds: TAGS / CROSSINGS_PER_SECOND + 0.5,
        tags: 40,
        crossingsPerSecond: CROSSINGS_PER_SECOND,
        crossingEpcs: epcs,
        inner: 1,
        outer: 2,
        retry: true,
      },
      {
        onSend(meta, attempt) {
          sending = meta.index;
          if (attempt === 0 && meta.index === killInFlightAt) setTimeout(() => void crash(), 5); // the request is in flight
        },
      },
    );
    await Promise.all(crashes);
    console.info(
      `durability: ${stats.batches} batches, ${stats.retries} retries, ${stats.duplicates} duplicate reads (${lostReads} in the batch whose answer was lost), ${stats.crossings} walk-outs`,
    );

    expect(restarts).toBe(2);
    expect(lostReads).toBeGreaterThan(0);
    expect(stats.duplicates).toBeGreaterThanOrEqual(lostReads);
    expect(stats.crossings).toBe(TAGS);
    expect(stats.failed).toBe(0);
    expect(stats.acked).toBe(stats.batches);
    expect(stats.retries).toBeGreaterThan(0);

    api.at(server.base);
    const list = (q: string) =>
      api.call<{ total: number; items: { epc: string }[] }>(
        'GET',
        `/redear/TagMouvement/${api.tenant}?readerId=${reader.id}&${q}`,
      );
    const outs: string[] = [];
    for (let page = 1; ; page++) {
      const res = await list(`eventType=OUT&limit=100&page=${page}`);
      outs.push(...res.items.map((m) => m.epc));
      if (outs.length >= res.total || res.items.length === 0) break;
    }
    const counts = new Map<string, number>();
    for (const e of outs) counts.set(e, (counts.get(e) ?? 0) + 1);
    const lost = epcs.filter((e) => !counts.has(e));
    const doubled = [...counts].filter(([, n]) => n > 1).map(([e]) => e);
    expect({ lost, doubled, outs: outs.length }).toEqual({ lost: [], doubled: [], outs: TAGS });
    expect((await list('eventType=IN&limit=1')).total).toBe(0);
    const { quantity } = await api.call<{ quantity: number }>('GET', `/articles/${article.id}`);
    expect(quantity).toBe(stock - TAGS);
  });
});
