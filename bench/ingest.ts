import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SocketEvents } from '../packages/contract/src/constants';
import { percentile, runLoad, type LoadStats } from '../tools/reader-sim/src/load';
import { defaultIdentity, demoEpc } from '../tools/reader-sim/src/payloads';
import { setupGate, signIn, type ApiClient } from '../tools/reader-sim/src/server';
import { httpSender } from '../tools/reader-sim/src/transport';
import { dropDatabase, freshDatabase, loadAverage, record, rssMiB, startProcess, stop } from './lib';

/**
 * Ingestion under load on PostgreSQL: simulated exit gates post Zebra batches (most reads are repeats of tags
 * dwelling by the gate, plus walk-outs of new tags), a Socket.IO client counts the notifications. Then the
 * same with two processes sharing PostgreSQL and Redis: readers post to A, the client listens on B.
 *
 * With BENCH_INGEST_OPEN_OUTPUTS (10,000 by default; 0 for none), each server is first measured as it is, then
 * that many validated stock outputs are written in the Demo tenant, a few gate tags each in `output_tags` (half
 * of the coming walk-outs among them), and the same runs are measured again: the exit authorizer of the outputs
 * then searches real rows for every OUT.
 */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Overridable so that two benchmarks (or an e2e server on the same port) can run side by side.
const DB = process.env.BENCH_INGEST_DB ?? 'tagstock_bench_ingest';
const PASSWORD = 'bench-password-1';
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 60);
/** The one-process run at 500 walk-outs/s lasts this long, its memory sampled every 30 s. */
const SOAK_SECONDS = Number(process.env.BENCH_INGEST_SOAK_SECONDS ?? 300);
const READERS = 4;
// Offered well above the 10,000 reads/s target: what is accepted is the capacity.
const RATE = Number(process.env.BENCH_INGEST_RATE ?? 20_000);
const CROSSINGS = Number(process.env.BENCH_INGEST_CROSSINGS ?? 500);
const DWELLING = 250;
const PORTS = (process.env.BENCH_INGEST_PORTS ?? '8196,8197').split(',').map(Number);
/** Validated outputs open (within their 24 h exit window) during the second half of each server's runs. */
const OPEN_OUTPUTS = Number(process.env.BENCH_INGEST_OPEN_OUTPUTS ?? 10_000);
const TAGS_PER_OUTPUT = 3;
/** Raw reads: the walk-outs that go with them. */
const RAW_CROSSINGS = 20;

type Notice = { newTagMouvement: { eventType: string; Reader: { id: number } } };

async function listen(base: string, token: string, tenant: string): Promise<Socket> {
  const socket = io(base, { path: SOCKET_PATH, auth: { token }, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = (await socket.emitWithAck(SocketEvents.joinRoom, tenant)) as { ok: boolean };
  if (!ack.ok) throw new Error('join_room refused');
  return socket;
}

type Run = {
  title: string;
  rate: number;
  crossings: number;
  stats: LoadStats[];
  seconds: number;
  latencies: number[];
  expected: number;
  received: number;
  rows: number;
  outs: number;
  /** OUTs that a validated output authorized. */
  byOutput: number;
  load: { before: string; after: string };
};

type Cluster = {
  bases: string[];
  procs: ChildProcess[];
  api: ApiClient;
  gates: { reader: { id: number; secret: string }; epcs: string[]; next: number; eventNum: number }[];
  databaseUrl: string;
};

/** A fresh database, 1 or 2 server processes on it, exit gates with enough bound tags for every walk-out. */
async function cluster(processes: 1 | 2, walkOuts: number): Promise<Cluster> {
  const databaseUrl = await freshDatabase(DB);
  const env = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DEMO_PASSWORD: PASSWORD,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    ...(processes === 2 ? { REDIS_URL } : {}),
  });
  const bases = PORTS.slice(0, processes).map((p) => `http://127.0.0.1:${p}`);
  // One after the other: the first migrates and seeds.
  const procs = [];
  for (const [i, base] of bases.entries())
    procs.push((await startProcess('apps/api/src/main.ts', env(PORTS[i]!), `${base}/backend/health`)).proc);
  const api = await signIn(bases[0]!, 'admin@demo.test', PASSWORD);
  const perReader = Math.ceil(walkOuts / READERS);
  const gates = [];
  for (let r = 0; r < READERS; r++) {
    const epcs = Array.from({ length: perReader }, (_, i) => demoEpc(1_000_000 * (r + 1) + i));
    const { reader } = await setupGate(api, {
      name: `Portique bench ${r + 1}`,
      vendor: 'zebra',
      epcs,
      stock: perReader,
    });
    gates.push({ reader, epcs, next: 0, eventNum: 1 });
  }
  return { bases, procs, api, gates, databaseUrl };
}

async function teardown(c: Cluster) {
  for (const p of c.procs) await stop(p);
  await dropDatabase(DB);
}

/** Offers `rate` reads/s with `crossings` walk-outs/s for `seconds`; what is not acknowledged 10 s later is dropped. */
async function run(
  c: Cluster,
  title: string,
  opts: { rate: number; crossings: number; listenOn: string; seconds: number; onTick?: () => void },
): Promise<Run> {
  const { rate, crossings, listenOn, seconds: SECONDS } = opts;
  const ticker = opts.onTick ? setInterval(opts.onTick, 30_000) : undefined;
  // Notifications: each reader's batches are sent one at a time, so its notices arrive in batch order.
  const socket = await listen(listenOn, c.api.token, c.api.tenant);
  const inFlight = new Map<number, { sentAt: number; remaining: number }[]>();
  const latencies: number[] = [];
  let received = 0;
  let expected = 0;
  socket.on(SocketEvents.sendNotification, (n: Notice) => {
    received += 1;
    const queue = inFlight.get(n.newTagMouvement.Reader.id);
    const head = queue?.[0];
    if (!head) return;
    latencies.push(performance.now() - head.sentAt);
    if (--head.remaining === 0) queue!.shift();
  });
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  const count = async () =>
    (
      await db.query<{ rows: number; outs: number; byOutput: number }>(
        `select count(*)::int as rows, count(*) filter (where event_type = 'OUT')::int as outs,
           count(*) filter (where event_type = 'OUT' and authorization_message like 'Authorized by BS-%')::int
             as "byOutput"
         from tag_movements where reader_id = any($1)`,
        [c.gates.map((g) => g.reader.id)],
      )
    ).rows[0]!;
  const before = await count();
  const loadBefore = loadAverage();

  const abort = AbortSignal.timeout((SECONDS + 10) * 1000);
  const t0 = performance.now();
  const stats = await Promise.all(
    c.gates.map((gate) => {
      const queue: { sentAt: number; remaining: number }[] = [];
      inFlight.set(gate.reader.id, queue);
      const epcs = gate.epcs.slice(gate.next);
      return runLoad(
        httpSender({ transport: 'http', secret: gate.reader.secret, server: c.bases[0]!, timeoutMs: 30_000 }),
        {
          vendor: 'zebra',
          identity: defaultIdentity(gate.reader.id),
          rate: rate / READERS,
          durationSeconds: SECONDS,
          tags: DWELLING,
          dwellSerialBase: 900_000_000 + gate.reader.id * 10_000,
          crossingsPerSecond: crossings / READERS,
          crossingEpcs: epcs,
          inner: 1,
          outer: 2,
          retry: false,
          signal: abort,
          firstEventNum: gate.eventNum,
        },
        {
          onSend(meta, attempt) {
            if (attempt > 0 || meta.outs === 0) return;
            expected += meta.outs;
            queue.push({ sentAt: performance.now(), remaining: meta.outs });
          },
        },
      );
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(ticker);
  // A reader's eventNum only grows; a walk-out tag walks out once (the next run starts after the last one taken).
  c.gates.forEach((g, i) => {
    g.eventNum = stats[i]!.nextEventNum;
    g.next += stats[i]!.crossings;
  });
  await new Promise((r) => setTimeout(r, 1000)); // the last notifications
  socket.close();
  const after = await count();
  await db.end();
  const loadAfter = loadAverage();
  return {
    title,
    rate,
    crossings,
    stats,
    seconds,
    latencies,
    expected,
    received,
    rows: after.rows - before.rows,
    outs: after.outs - before.outs,
    byOutput: after.byOutput - before.byOutput,
    load: { before: loadBefore, after: loadAfter },
  };
}

/**
 * Walk-outs a run of `crossings`/s for `seconds` takes from the gates, with a margin: a gate sends a batch at
 * the start and one more after the end for the pending outer reads, each with its share of new walk-outs.
 */
const walkOutsOf = (crossings: number, seconds: number) =>
  (Math.ceil((crossings / READERS) * (seconds + 1)) + 1) * READERS;

/**
 * Writes `OPEN_OUTPUTS` validated outputs in the Demo tenant straight in SQL (owner connection), as validation
 * leaves them: numbered in the BS series of this year (its counter moved on), validated now, one line of the
 * gate article with TAGS_PER_OUTPUT tags, those tags in `output_tags`. The outputs take every other tag of the
 * next `upcoming` walk-outs of each gate (so about half of the coming OUTs are authorized by an output), then
 * tags of the gates that will not walk out in the next runs. The tags stay in stock, so that the walk-outs do
 * the same stock work as without outputs: only the authorizer's search differs. Statistics are refreshed
 * (ANALYZE) as autovacuum would have done on a table that grew over time.
 */
async function openOutputs(c: Cluster, upcoming: number) {
  const perGate = Math.ceil(upcoming / READERS);
  const chunk = (epcs: string[]) =>
    Array.from({ length: Math.floor(epcs.length / TAGS_PER_OUTPUT) }, (_, i) =>
      epcs.slice(i * TAGS_PER_OUTPUT, (i + 1) * TAGS_PER_OUTPUT).join(','),
    );
  const covering = c.gates.flatMap((g) => chunk(g.epcs.slice(g.next, g.next + perGate).filter((_, i) => i % 2 === 0)));
  const idle = c.gates.flatMap((g) => chunk([...g.epcs.slice(0, g.next), ...g.epcs.slice(g.next + perGate)]));
  const specs = [...covering, ...idle].slice(0, OPEN_OUTPUTS);
  if (specs.length < OPEN_OUTPUTS) throw new Error(`only ${specs.length} outputs' worth of gate tags`);
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  const t0 = performance.now();
  const { rows } = await db.query<{ tenant: number; reason: number | null }>(
    `select t.id as tenant,
       (select min(r.id) from reasons r where r.tenant_id = t.id and r.kind = 'decrement') as reason
     from tenants t where t.name = 'Demo'`,
  );
  const { tenant, reason } = rows[0]!;
  if (reason === null) throw new Error('the Demo tenant has no reason of kind decrement');
  await db.query('begin');
  const written = await db.query<{ tags: number }>(
    `with counter as (
       insert into document_counters (tenant_id, series, year, last_value)
       values ($2, 'BS', extract(year from now() at time zone 'Europe/Paris')::int, $3::int)
       on conflict (tenant_id, series, year) do update set last_value = document_counters.last_value + $3::int
       returning year, last_value
     ),
     spec as (
       select u.k, string_to_array(u.s, ',') as epcs,
         'BS-' || c.year || '-' || lpad((c.last_value - $3::int + u.k)::text, 6, '0') as number
       from unnest($1::text[]) with ordinality u(s, k), counter c
     ),
     made as (
       insert into outputs (tenant_id, number, reason_id, output_date, status, line_count, units, epc_count,
         validated_at, notes)
       select $2, number, $4, (now() at time zone 'Europe/Paris')::date, 'validated', 1, cardinality(epcs),
         cardinality(epcs), now(), 'Sortie de test de charge'
       from spec order by k
       returning id, number
     ),
     o as (select made.id, spec.epcs from made join spec using (number)),
     lines as (
       insert into output_lines (tenant_id, output_id, position, article_id, reference, designation, quantity, epcs)
       select $2, o.id, 1, a.id, a.reference, a.designation, cardinality(o.epcs), o.epcs
       from o join tags t on t.tenant_id = $2 and t.epc = o.epcs[1] join articles a on a.id = t.article_id
       returning 1
     ),
     tagged as (
       insert into output_tags (tenant_id, output_id, tag_id)
       select $2, o.id, t.id from o cross join unnest(o.epcs) e(epc) join tags t on t.tenant_id = $2 and t.epc = e.epc
       returning 1
     )
     select (select count(*)::int from tagged) as tags`,
    [specs, tenant, specs.length, reason],
  );
  await db.query('commit');
  await db.query('analyze outputs, output_lines, output_tags');
  const ms = performance.now() - t0;
  const { rows: totals } = await db.query<{ open: number; lines: number; tags: number }>(
    `select (select count(*)::int from outputs where tenant_id = $1 and status = 'validated'
               and validated_at > now() - interval '24 hours') as open,
            (select count(*)::int from output_lines where tenant_id = $1) as lines,
            (select count(*)::int from output_tags where tenant_id = $1) as tags`,
    [tenant],
  );
  await db.end();
  const t = totals[0]!;
  return (
    `| ${c.procs.length === 1 ? '1 process' : '2 processes'}: ${specs.length} validated outputs written (SQL, one ` +
    `transaction, then ANALYZE) | ${(ms / 1000).toFixed(1)} s; ${written.rows[0]!.tags} output_tags rows, ` +
    `${covering.length * TAGS_PER_OUTPUT} of them tags among the coming walk-outs (every other one); now open in ` +
    `the Demo tenant: ${t.open} validated outputs in their 24 h window, ${t.lines} lines, ${t.tags} output_tags ` +
    `rows | ${OPEN_OUTPUTS} open |`
  );
}

const mark = (ok: boolean) => (ok ? '✅' : '❌ missed');

/** The figures of a run that the targets speak of. */
function figures(r: Run) {
  const acked = r.stats.reduce((n, s) => n + s.readsAcked, 0);
  const batchLatency = r.stats.flatMap((s) => s.latencyMs);
  return {
    readsPerSec: Math.round(acked / r.seconds),
    batchP99: percentile(batchLatency, 99),
    noticeP99: percentile(r.latencies, 99),
  };
}

function lines(r: Run): string[] {
  const sum = (f: (s: LoadStats) => number) => r.stats.reduce((n, s) => n + f(s), 0);
  const acked = sum((s) => s.readsAcked);
  const generated = sum((s) => s.readsGenerated);
  const failed = sum((s) => s.failed);
  const unsent = sum((s) => s.unsent);
  const batchLatency = r.stats.flatMap((s) => s.latencyMs);
  const errors = r.stats.map((s) => s.lastError).filter(Boolean);
  const f = figures(r);
  // The reads/s target is about capacity: only a run offered at least that much can show it.
  const readsTarget = r.rate >= 10_000 ? `≥ 10,000 reads/s ${mark(f.readsPerSec >= 10_000)}` : '';
  return [
    `| ${r.title}: raw reads accepted (200) | ${acked} of ${generated} generated in ${r.seconds.toFixed(1)} s = **${f.readsPerSec} reads/s** (offered ${r.rate}/s; failed batches ${failed}, still queued at the cut-off ${unsent}) | ${readsTarget} |`,
    `| ${r.title}: movements written (tag_movements rows) | ${r.rows} = ${Math.round(r.rows / r.seconds)}/s, of which OUT ${r.outs} = **${Math.round(r.outs / r.seconds)}/s** (offered ${r.crossings} walk-outs/s); OUTs authorized by an output ${r.byOutput} | |`,
    `| ${r.title}: reader send → send_notification | p50 **${percentile(r.latencies, 50).toFixed(0)} ms**, p99 **${f.noticeP99.toFixed(0)} ms** (${r.received} received, ${r.expected} expected) | p99 ≤ 250 ms ${mark(f.noticeP99 <= 250)} |`,
    `| ${r.title}: batch round trip (POST → 200) | p50 ${percentile(batchLatency, 50).toFixed(0)} ms, p99 **${f.batchP99.toFixed(0)} ms**, ${batchLatency.length} batches | p99 ≤ 250 ms ${mark(f.batchP99 <= 250)} |`,
    `| ${r.title}: load average (1, 5, 15 min) | ${r.load.before} before → ${r.load.after} after | |`,
    ...(errors.length ? [`| ${r.title}: last errors | ${errors.join(' / ').slice(0, 300)} | |`] : []),
  ];
}

/** The same load with and without the open outputs, on the same server in the same invocation. */
function compared(label: string, without: Run, withOutputs: Run): string {
  const a = figures(without);
  const b = figures(withOutputs);
  const pct = (x: number, y: number) => `${y >= x ? '+' : ''}${Math.round(((y - x) / x) * 100)} %`;
  return (
    `| ${label}: with ${OPEN_OUTPUTS} open outputs against without | reads/s ${b.readsPerSec} against ` +
    `${a.readsPerSec} (${pct(a.readsPerSec, b.readsPerSec)}); batch p99 ${b.batchP99.toFixed(0)} against ` +
    `${a.batchP99.toFixed(0)} ms; notification p99 ${b.noticeP99.toFixed(0)} against ${a.noticeP99.toFixed(0)} ms | |`
  );
}

const memory = (label: string, samples: { at: string; mib: number }[]) =>
  `| ${label}: resident memory | ${samples.map((s) => `${s.at} ${s.mib}`).join(' → ')} MiB | flat |`;

/** Rows of the de-duplication state against the reads it absorbed: it grows with presences, not with reads. */
async function stateRows(c: Cluster): Promise<string> {
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ p: number; k: number; m: number }>(
    `select (select count(*)::int from tag_presences) as p, (select count(*)::int from ingest_events) as k,
            (select count(*)::int from tag_movements) as m`,
  );
  await db.end();
  const r = rows[0]!;
  return `| 1 process: de-duplication state after its runs | tag_presences ${r.p} rows, ingest_events ${r.k} rows (one idempotency key per presence start), tag_movements ${r.m} rows | grows with presences, not reads |`;
}

/** The same raw-read load against a bare route (no pipeline): the ceiling of the client and HTTP on this machine. */
async function baseline(): Promise<string> {
  const port = 8198;
  const base = `http://127.0.0.1:${port}`;
  const bare = await startProcess('bench/bare-ingest.ts', { PORT: String(port) }, `${base}/health`);
  const t0 = performance.now();
  const stats = await Promise.all(
    Array.from({ length: READERS }, (_, r) =>
      runLoad(httpSender({ transport: 'http', secret: `${r + 1}.bare`, server: base, timeoutMs: 30_000 }), {
        vendor: 'zebra',
        identity: defaultIdentity(r + 1),
        rate: RATE / READERS,
        durationSeconds: SECONDS,
        tags: DWELLING,
        dwellSerialBase: 900_000_000 + r * 10_000,
        crossingsPerSecond: 20 / READERS,
        crossingEpcs: Array.from({ length: SECONDS * 20 }, (_, i) => demoEpc(1_000_000 * (r + 1) + i)),
        inner: 1,
        outer: 2,
        retry: false,
        signal: AbortSignal.timeout((SECONDS + 10) * 1000),
      }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  await stop(bare.proc);
  const acked = stats.reduce((n, s) => n + s.readsAcked, 0);
  const latency = stats.flatMap((s) => s.latencyMs);
  return `| baseline: bare Fastify route taking the same raw-read batches (no pipeline), same run | ${acked} reads in ${seconds.toFixed(1)} s = ${Math.round(acked / seconds)} reads/s (offered ${RATE}/s); batch round trip p50 ${percentile(latency, 50).toFixed(0)} ms, p99 ${percentile(latency, 99).toFixed(0)} ms | |`;
}

export async function ingest(): Promise<void> {
  const out: string[] = ['| measure | value | target |', '|---|---|---|'];
  const outputs = OPEN_OUTPUTS > 0;
  const walkOutsPerSec = `${CROSSINGS} walk-outs/s`;
  const withOutputs = (title: string) => (outputs ? `${title}, ${OPEN_OUTPUTS} open outputs` : title);
  // Enough bound tags at the gates for every walk-out, and for the outputs' tags beside them.
  const spare = 2000 + (outputs ? OPEN_OUTPUTS * TAGS_PER_OUTPUT : 0);

  // One process: raw reads (few walk-outs), then 500 walk-outs/s for SOAK_SECONDS, on the same server. With
  // outputs: raw reads and 500 walk-outs/s for SECONDS first, without them; then the outputs; then the above.
  const rawWalkOuts = walkOutsOf(RAW_CROSSINGS, SECONDS);
  const soakWalkOuts = walkOutsOf(CROSSINGS, SOAK_SECONDS);
  const baselineWalkOuts = outputs ? rawWalkOuts + walkOutsOf(CROSSINGS, SECONDS) : 0;
  const one = await cluster(1, baselineWalkOuts + rawWalkOuts + soakWalkOuts + spare);
  const pid = one.procs[0]!.pid!;
  const mem = [{ at: 'start', mib: rssMiB(pid) }];
  const raw = (title: string) =>
    run(one, title, { rate: RATE, crossings: RAW_CROSSINGS, listenOn: one.bases[0]!, seconds: SECONDS });
  let before: { reads: Run; outs: Run } | undefined;
  let written: string | undefined;
  if (outputs) {
    const reads = await raw('1 process, raw reads, no output');
    const outs = await run(one, `1 process, ${walkOutsPerSec} for ${SECONDS} s, no output`, {
      rate: CROSSINGS * 7,
      crossings: CROSSINGS,
      listenOn: one.bases[0]!,
      seconds: SECONDS,
    });
    before = { reads, outs };
    mem.push({ at: 'before the outputs', mib: rssMiB(pid) });
    written = await openOutputs(one, rawWalkOuts + soakWalkOuts);
  }
  const reads = await raw(withOutputs('1 process, raw reads'));
  mem.push({ at: 'after raw reads', mib: rssMiB(pid) });
  let tick = 0;
  const outs = await run(one, withOutputs(`1 process, ${walkOutsPerSec} for ${SOAK_SECONDS} s`), {
    rate: CROSSINGS * 7,
    crossings: CROSSINGS,
    listenOn: one.bases[0]!,
    seconds: SOAK_SECONDS,
    onTick: () => mem.push({ at: `${(tick += 30)} s`, mib: rssMiB(pid) }),
  });
  mem.push({ at: 'end', mib: rssMiB(pid) });
  const state = await stateRows(one);
  await teardown(one);
  if (before) out.push(...lines(before.reads), ...lines(before.outs), written!);
  out.push(...lines(reads), await baseline(), ...lines(outs), memory('1 process', mem), state);
  if (before)
    out.push(
      compared('1 process, raw reads', before.reads, reads),
      compared(`1 process, ${walkOutsPerSec}`, before.outs, outs),
    );

  // Two processes sharing PostgreSQL and Redis: readers post to A, the dashboard listens on B.
  const twoTitle = `2 processes (A ← readers, B → socket), ${walkOutsPerSec}`;
  const runWalkOuts = walkOutsOf(CROSSINGS, SECONDS);
  const two = await cluster(2, (outputs ? 2 : 1) * runWalkOuts + spare);
  const pids = two.procs.map((p) => p.pid!);
  const mem2 = pids.map((p) => [{ at: 'start', mib: rssMiB(p) }]);
  const crossing = (title: string) =>
    run(two, title, { rate: CROSSINGS * 7, crossings: CROSSINGS, listenOn: two.bases[1]!, seconds: SECONDS });
  let crossBefore: Run | undefined;
  if (outputs) {
    crossBefore = await crossing(`${twoTitle}, no output`);
    written = await openOutputs(two, runWalkOuts);
  }
  const cross = await crossing(withOutputs(twoTitle));
  pids.forEach((p, i) => mem2[i]!.push({ at: 'end', mib: rssMiB(p) }));
  await teardown(two);
  if (crossBefore) out.push(...lines(crossBefore), written!);
  out.push(...lines(cross), memory('2 processes, A', mem2[0]!), memory('2 processes, B', mem2[1]!));
  if (crossBefore) out.push(compared('2 processes', crossBefore, cross));

  const runs = SECONDS === SOAK_SECONDS ? `${SECONDS} s per run` : `${SECONDS} s per run unless stated`;
  record(
    `Ingestion (PostgreSQL 15, ${READERS} Zebra exit gates over HTTP, ${runs}; most reads are repeats of ${DWELLING} tags dwelling by each gate${outputs ? `; without, then with ${OPEN_OUTPUTS} validated outputs open` : ''})`,
    out,
  );
}
