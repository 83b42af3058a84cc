import { execFileSync, execSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, SocketEvents } from '../packages/contract/src/constants';
import { percentile, runLoad, type LoadStats } from '../tools/reader-sim/src/load';
import { defaultIdentity, demoEpc } from '../tools/reader-sim/src/payloads';
import { setupGate, signIn, type ApiClient } from '../tools/reader-sim/src/server';
import { httpSender } from '../tools/reader-sim/src/transport';
import { dropDatabase, freshDatabase, loadAverage, record, root, rssMiB, runSql, startProcess, stop } from './lib';

/**
 * Ingestion under load on PostgreSQL: simulated exit gates post Zebra batches (most reads are repeats of tags
 * dwelling by the gate, plus walk-outs of new tags), a Socket.IO client counts the notifications. Then the
 * same with two processes sharing PostgreSQL and Redis: readers post to A, the client listens on B.
 *
 * Open documents: each server is first measured as it is, then the documents below are written in the Demo tenant
 * straight in SQL, and the same runs are measured again, so that the exit authorizers search real rows for every
 * OUT (0 for none of a kind; with all three at 0, each server is measured once):
 * - BENCH_INGEST_OPEN_OUTPUTS (10,000 by default): validated stock outputs, a few gate tags each in
 *   `output_tags`, every other coming walk-out (positions 0, 2, 4… of each gate) among them;
 * - BENCH_INGEST_OPEN_DELIVERY_NOTES (10,000 by default): ready delivery notes (BL series of the year, counter
 *   moved on), two lines each. Every other note picks TAGS_PER_NOTE gate tags (its first line: the gate's
 *   article, those EPCs listed, nothing left to pick), first the walk-outs at positions 1, 5, 9… of each gate;
 *   the others have a line of a gate's article with ARTICLE_UNITS_LEFT unit(s) left and no EPC, which the
 *   walk-outs at positions 3, 7, 11… take until they run out (the rest of those are refused). The second line of
 *   every note is another Demo article, 1 to 4 units, no EPC. Planned dates from 5 days ago to 24 days ahead.
 *   The delivery-note authorizer runs after those of attributions and outputs, for the exits they left;
 * - BENCH_INGEST_RESERVATIONS (50,000 by default): active reservations (until 1 to 60 days ahead), one for the
 *   second line of each note first, the others for customers on the Demo articles, each with its history row.
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
/** The bare route of the baseline. */
const BARE_PORT = Number(process.env.BENCH_INGEST_BARE_PORT ?? 8198);
const SERVER = 'apps/api/src/main.ts';
/** Validated outputs open (within their 24 h exit window) during the second half of each server's runs. */
const OPEN_OUTPUTS = Number(process.env.BENCH_INGEST_OPEN_OUTPUTS ?? 10_000);
const TAGS_PER_OUTPUT = 3;
/** Ready delivery notes and active reservations during the second half of each server's runs. */
const OPEN_NOTES = Number(process.env.BENCH_INGEST_OPEN_DELIVERY_NOTES ?? 10_000);
const RESERVATIONS = Number(process.env.BENCH_INGEST_RESERVATIONS ?? 50_000);
const TAGS_PER_NOTE = 3;
const ARTICLE_UNITS_LEFT = 1;
const OPEN = OPEN_OUTPUTS > 0 || OPEN_NOTES > 0 || RESERVATIONS > 0;
/** How the open documents are named in the titles of the runs. */
const OPEN_LABEL = [
  OPEN_OUTPUTS > 0 ? `${OPEN_OUTPUTS} open outputs` : '',
  OPEN_NOTES > 0 ? `${OPEN_NOTES} ready BLs` : '',
  RESERVATIONS > 0 ? `${RESERVATIONS} reservations` : '',
]
  .filter(Boolean)
  .join(', ');
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
  /** From the first batch to the last acknowledgement (the outer side of the last walk-outs comes ~0.5 s late). */
  seconds: number;
  /** How long walk-outs were offered. */
  offeredSeconds: number;
  latencies: number[];
  expected: number;
  received: number;
  rows: number;
  outs: number;
  /** OUTs that a validated output authorized. */
  byOutput: number;
  /** OUTs that a ready delivery note authorized. */
  byNote: number;
  /** OUTs refused (the alarm). */
  refused: number;
  load: { before: string; after: string };
};

type Cluster = {
  bases: string[];
  procs: ChildProcess[];
  api: ApiClient;
  gates: {
    reader: { id: number; secret: string };
    article: number;
    epcs: string[];
    next: number;
    eventNum: number;
  }[];
  databaseUrl: string;
};

/**
 * A fresh database, 1 or 2 server processes on it (`script`: the server's entry, by default this checkout's), exit
 * gates with enough bound tags for every walk-out. Statistics are then refreshed (ANALYZE), as autovacuum would have
 * done on a database that grew over time: the benchmark's server runs with autovacuum off, and the tens of thousands
 * of tags bound just before would otherwise be planned as the handful of the seed.
 */
async function cluster(processes: 1 | 2, walkOuts: number, script = SERVER): Promise<Cluster> {
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
    procs.push((await startProcess(script, env(PORTS[i]!), `${base}/backend/health`)).proc);
  const api = await signIn(bases[0]!, 'admin@demo.test', PASSWORD);
  const perReader = Math.ceil(walkOuts / READERS);
  const gates = [];
  for (let r = 0; r < READERS; r++) {
    const epcs = Array.from({ length: perReader }, (_, i) => demoEpc(1_000_000 * (r + 1) + i));
    const { reader, article } = await setupGate(api, {
      name: `Portique bench ${r + 1}`,
      vendor: 'zebra',
      epcs,
      stock: perReader,
    });
    gates.push({ reader, article: article.id, epcs, next: 0, eventNum: 1 });
  }
  await runSql(databaseUrl, ['analyze']);
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
      await db.query<{ rows: number; outs: number; byOutput: number; byNote: number; refused: number }>(
        `select count(*)::int as rows, count(*) filter (where event_type = 'OUT')::int as outs,
           count(*) filter (where event_type = 'OUT' and authorization_message like 'Authorized by BS-%')::int
             as "byOutput",
           count(*) filter (where event_type = 'OUT' and authorization_message like 'Authorized by BL-%')::int
             as "byNote",
           count(*) filter (where event_type = 'OUT' and not is_authorized)::int as refused
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
    offeredSeconds: SECONDS,
    latencies,
    expected,
    received,
    rows: after.rows - before.rows,
    outs: after.outs - before.outs,
    byOutput: after.byOutput - before.byOutput,
    byNote: after.byNote - before.byNote,
    refused: after.refused - before.refused,
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

/**
 * Writes `OPEN_NOTES` ready delivery notes and `RESERVATIONS` active reservations in the Demo tenant straight in
 * SQL (owner connection), as the API leaves them (see the header): numbered in the BL series of this year (its
 * counter moved on), counters consistent with the lines (line_count, units, epc_count), the reservations' history
 * rows beside them. Picking notes take the walk-outs at positions 1, 5, 9… of the next `upcoming` of each gate,
 * the gates in turn, then tags from the end of the gates' lists (which no run walks out, nor the outputs take).
 * Then ANALYZE, as for the outputs.
 */
async function openDeliveryNotes(c: Cluster, upcoming: number) {
  const perGate = Math.ceil(upcoming / READERS);
  const chunk = (gate: number, epcs: string[]) =>
    Array.from({ length: Math.floor(epcs.length / TAGS_PER_NOTE) }, (_, i) => ({
      gate,
      epcs: epcs.slice(i * TAGS_PER_NOTE, (i + 1) * TAGS_PER_NOTE),
    }));
  const picks = c.gates.map((g, r) =>
    chunk(
      r,
      g.epcs.slice(g.next, g.next + perGate).filter((_, i) => i % 4 === 1),
    ),
  );
  // The gates in turn, so that each gate's first walk-outs are picked whatever the number of notes.
  const covering: { gate: number; epcs: string[] }[] = [];
  const most = Math.max(...picks.map((p) => p.length));
  for (let k = 0; k < most; k++) for (const p of picks) if (p[k]) covering.push(p[k]!);
  const idle = c.gates.flatMap((g, r) => chunk(r, g.epcs.slice(g.next + perGate).reverse()));
  const picking = Math.ceil(OPEN_NOTES / 2);
  const picked = [...covering, ...idle].slice(0, picking);
  if (picked.length < picking) throw new Error(`only ${picked.length} picking notes' worth of gate tags`);
  // Note k: even → picks the next EPCs; odd → a gate article with units left, the gates in turn.
  const articles: number[] = [];
  const epcs: string[] = [];
  const quantities: number[] = [];
  for (let k = 0; k < OPEN_NOTES; k++) {
    const p = k % 2 === 0 ? picked[k / 2]! : undefined;
    articles.push(c.gates[p ? p.gate : ((k - 1) / 2) % READERS]!.article);
    epcs.push(p ? p.epcs.join(',') : '');
    quantities.push(p ? p.epcs.length : ARTICLE_UNITS_LEFT);
  }
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  const t0 = performance.now();
  const { rows } = await db.query<{ tenant: number }>(`select id as tenant from tenants where name = 'Demo'`);
  const tenant = rows[0]!.tenant;
  const gateArticles = c.gates.map((g) => g.article);
  await db.query('begin');
  const written = await db.query<{ notes: number; lines: number; reservations: number }>(
    `with counter as (
       insert into document_counters (tenant_id, series, year, last_value)
       select $4, 'BL', extract(year from now() at time zone 'Europe/Paris')::int, $5::int where $5::int > 0
       on conflict (tenant_id, series, year) do update set last_value = document_counters.last_value + $5::int
       returning year, last_value
     ),
     spec as (
       select u.k::int as k, u.article, u.q,
         case when u.e = '' then '{}'::text[] else string_to_array(u.e, ',') end as epcs,
         'BL-' || c.year || '-' || lpad((c.last_value - $5::int + u.k)::text, 6, '0') as number
       from unnest($1::int[], $2::text[], $3::int[]) with ordinality u(article, e, q, k), counter c
     ),
     cust as (
       select id, (row_number() over (order by id) - 1)::int as r, count(*) over ()::int as n
       from customers where tenant_id = $4
     ),
     other as (
       select id, reference, designation, (row_number() over (order by id) - 1)::int as r, count(*) over ()::int as n
       from articles where tenant_id = $4 and id <> all($6::int[]) and nature is distinct from 'service'
     ),
     made as (
       insert into delivery_notes (tenant_id, number, customer_id, planned_date, status, line_count, units, epc_count,
         notes)
       select $4, s.number, cu.id, (now() at time zone 'Europe/Paris')::date + (s.k % 30 - 5), 'ready', 2,
         s.q + 1 + s.k % 4, cardinality(s.epcs), 'BL de test de charge'
       from spec s join cust cu on cu.r = s.k % cu.n order by s.k
       returning id, number, customer_id
     ),
     n as (select made.id, made.customer_id, spec.* from made join spec using (number)),
     lines as (
       insert into delivery_note_lines (tenant_id, delivery_note_id, position, article_id, reference, designation,
         quantity, epcs)
       select $4, n.id, 1, a.id, a.reference, a.designation, n.q, n.epcs
       from n join articles a on a.id = n.article and a.tenant_id = $4
       union all
       select $4, n.id, 2, o.id, o.reference, o.designation, 1 + n.k % 4, '{}'::text[]
       from n join other o on o.r = n.k % o.n
       returning 1
     ),
     wanted as (
       select n.k, o.id as article, 1 + n.k % 4 as quantity, n.customer_id as customer, 'delivery_note' as dtype,
         n.id as did
       from n join other o on o.r = n.k % o.n where n.k <= $7::int
       union all
       select $5::int + g, o.id, 1, cu.id, null, null::int
       from generate_series(1, greatest($7::int - $5::int, 0)) g
         join other o on o.r = (g * 7) % o.n join cust cu on cu.r = g % cu.n
     ),
     res as (
       insert into reservations (tenant_id, article_id, quantity, customer_id, document_type, document_id, until)
       select $4, article, quantity, customer, dtype, did,
         (now() at time zone 'Europe/Paris')::date + (1 + k % 60)
       from wanted order by k
       returning id, article_id, quantity
     ),
     ev as (
       insert into reservation_events (tenant_id, reservation_id, article_id, event, quantity)
       select $4, id, article_id, 'reserved', quantity from res
       returning 1
     )
     select (select count(*)::int from made) as notes, (select count(*)::int from lines) as lines,
       (select count(*)::int from ev) as reservations`,
    [articles, epcs, quantities, tenant, OPEN_NOTES, gateArticles, RESERVATIONS],
  );
  await db.query('commit');
  await db.query('analyze delivery_notes, delivery_note_lines, reservations, reservation_events');
  const ms = performance.now() - t0;
  const { rows: totals } = await db.query<{
    ready: number;
    lines: number;
    units: number;
    epcs: number;
    left: number;
    active: number;
    consistent: boolean;
  }>(
    `select (select count(*)::int from delivery_notes where tenant_id = $1 and status = 'ready') as ready,
       (select count(*)::int from delivery_note_lines where tenant_id = $1) as lines,
       (select coalesce(sum(units), 0)::int from delivery_notes where tenant_id = $1) as units,
       (select coalesce(sum(epc_count), 0)::int from delivery_notes where tenant_id = $1) as epcs,
       (select coalesce(sum(l.quantity - cardinality(l.epcs)), 0)::int from delivery_note_lines l
          where l.tenant_id = $1 and l.article_id = any($2::int[])) as left,
       (select count(*)::int from reservations where tenant_id = $1 and status = 'active') as active,
       not exists (
         select 1 from delivery_notes d cross join lateral (
           select count(*)::int as n, coalesce(sum(quantity), 0)::int as units,
             coalesce(sum(cardinality(epcs)), 0)::int as epcs
           from delivery_note_lines l where l.delivery_note_id = d.id and l.tenant_id = d.tenant_id) l
         where d.tenant_id = $1 and (d.line_count, d.units, d.epc_count) is distinct from (l.n, l.units, l.epcs)
       ) as consistent`,
    [tenant, gateArticles],
  );
  await db.end();
  const t = totals[0]!;
  const w = written.rows[0]!;
  if (!t.consistent) throw new Error('delivery notes whose counters differ from their lines');
  const coming = Math.min(covering.length, picking);
  return (
    `| ${c.procs.length === 1 ? '1 process' : '2 processes'}: ${w.notes} ready delivery notes (${w.lines} lines) and ` +
    `${w.reservations} reservations written (SQL, one transaction, then ANALYZE) | ${(ms / 1000).toFixed(1)} s; ` +
    `${picking} notes pick ${TAGS_PER_NOTE} gate tags each, ${coming * TAGS_PER_NOTE} of them among the coming ` +
    `walk-outs (positions 1, 5, 9… of each gate); ${OPEN_NOTES - picking} notes have ${ARTICLE_UNITS_LEFT} unit(s) ` +
    `of a gate article left to pick (${t.left} in all, for positions 3, 7, 11…); now in the Demo tenant: ${t.ready} ` +
    `ready notes, ${t.lines} lines, ${t.units} units, ${t.epcs} EPCs listed (counters consistent with the lines), ` +
    `${t.active} active reservations | ${OPEN_NOTES} ready, ${RESERVATIONS} reservations |`
  );
}

/** Bound tags the open documents list beside the walk-outs'. */
const spareForDocuments = OPEN_OUTPUTS * TAGS_PER_OUTPUT + Math.ceil(OPEN_NOTES / 2) * TAGS_PER_NOTE;

const mark = (ok: boolean) => (ok ? '✅' : '❌ missed');

/** The figures of a run that the targets speak of. */
function figures(r: Run) {
  const acked = r.stats.reduce((n, s) => n + s.readsAcked, 0);
  const batchLatency = r.stats.flatMap((s) => s.latencyMs);
  // The walk-outs the gates generated: the written rate is over the window they were offered in, so a server that
  // keeps up shows the offered rate (the last ones' outer reads arrive after it: counted, not timed).
  const offered = r.stats.reduce((n, s) => n + s.crossings, 0);
  return {
    readsPerSec: Math.round(acked / r.seconds),
    batchP99: percentile(batchLatency, 99),
    noticeP99: percentile(r.latencies, 99),
    offered,
    // One second allowed for the tail (the last walk-outs' outer side, a batch interval): a server that falls behind
    // is timed until it has caught up.
    outsPerSec: Math.round(Math.min(r.outs, offered) / Math.max(r.offeredSeconds, r.seconds - 1)),
    writtenShare: offered ? r.outs / offered : 1,
  };
}

/** Walk-outs written against those offered, as a rate over the offering window. */
const written = (r: Run, f: ReturnType<typeof figures>) =>
  `**${f.outsPerSec}/s** (${r.outs} of ${f.offered} offered in ${r.offeredSeconds} s, ` +
  `${(f.writtenShare * 100).toFixed(1)} %; last acknowledgement ${(r.seconds - r.offeredSeconds).toFixed(1)} s after)`;

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
    `| ${r.title}: movements written (tag_movements rows) | ${r.rows} = ${Math.round(r.rows / r.seconds)}/s, of which OUT ${written(r, f)} (offered ${r.crossings} walk-outs/s); OUTs authorized by an output ${r.byOutput}, by a delivery note ${r.byNote}, refused ${r.refused} | ${r.crossings >= 1000 ? `${r.crossings}/s written ${mark(f.writtenShare >= 0.98)}` : ''} |`,
    `| ${r.title}: reader send → send_notification | p50 **${percentile(r.latencies, 50).toFixed(0)} ms**, p99 **${f.noticeP99.toFixed(0)} ms** (${r.received} received, ${r.expected} expected) | p99 ≤ 250 ms ${mark(f.noticeP99 <= 250)} |`,
    `| ${r.title}: batch round trip (POST → 200) | p50 ${percentile(batchLatency, 50).toFixed(0)} ms, p99 **${f.batchP99.toFixed(0)} ms**, ${batchLatency.length} batches | p99 ≤ 250 ms ${mark(f.batchP99 <= 250)} |`,
    `| ${r.title}: load average (1, 5, 15 min) | ${r.load.before} before → ${r.load.after} after | |`,
    ...(errors.length ? [`| ${r.title}: last errors | ${errors.join(' / ').slice(0, 300)} | |`] : []),
  ];
}

/** The same load with and without the open documents, on the same server in the same invocation. */
function compared(label: string, without: Run, withOutputs: Run): string {
  const a = figures(without);
  const b = figures(withOutputs);
  const pct = (x: number, y: number) => `${y >= x ? '+' : ''}${Math.round(((y - x) / x) * 100)} %`;
  return (
    `| ${label}: with ${OPEN_LABEL} against without | reads/s ${b.readsPerSec} against ` +
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
  const port = BARE_PORT;
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

/**
 * The server of an earlier commit, for a comparison in the same run: its API and packages as `git archive` gives
 * them, in a temporary folder that uses this checkout's node_modules (so the workspace's `@tagstock/contract` is this
 * checkout's: compare commits whose contract the API uses the same way).
 */
function checkout(ref: string): { script: string; sha: string } {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root }).toString().trim();
  const dir = join(tmpdir(), `tagstock-bench-${sha}`);
  if (!existsSync(join(dir, SERVER))) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${sha} package.json tsconfig.base.json apps/api packages tools | tar -x -C ${dir}`, {
      cwd: root,
    });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    if (existsSync(join(root, 'apps/api/node_modules')))
      symlinkSync(join(root, 'apps/api/node_modules'), join(dir, 'apps/api/node_modules'));
  }
  return { script: join(dir, SERVER), sha };
}

/** The open documents, written in the Demo tenant for the walk-outs still to come; answers what was written. */
const openDocuments = async (c: Cluster, upcoming: number) => [
  ...(OPEN_OUTPUTS > 0 ? [await openOutputs(c, upcoming)] : []),
  ...(OPEN_NOTES > 0 || RESERVATIONS > 0 ? [await openDeliveryNotes(c, upcoming)] : []),
];

/**
 * BENCH_INGEST_BEFORE=<git ref>: the gate at CROSSINGS walk-outs/s, the server of that commit against this
 * checkout's, back to back on fresh databases, with one process and with two (Redis), BENCH_INGEST_ROUNDS times
 * (the order of the two swapped every round, so that a change in the machine's load favours neither). With
 * BENCH_INGEST_BEFORE_DOCUMENTS=1, the open documents (above) are written before each run.
 */
async function beforeAfter(ref: string) {
  const before = checkout(ref);
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  const dirty = execFileSync('git', ['status', '--porcelain', 'apps/api', 'packages'], { cwd: root }).length > 0;
  const servers = [
    { label: `before (${before.sha})`, script: before.script },
    { label: `after (${head}${dirty ? ' + uncommitted changes' : ''})`, script: SERVER },
  ];
  const rounds = Number(process.env.BENCH_INGEST_ROUNDS ?? 2);
  const withDocuments = OPEN && process.env.BENCH_INGEST_BEFORE_DOCUMENTS === '1';
  const out = [
    '| round | server | processes | OUT movements written | reader send → send_notification | batch round trip | load average before → after |',
    '|---|---|---|---|---|---|---|',
  ];
  const results: { label: string; processes: number; outs: number; p99: number }[] = [];
  const clusters = (process.env.BENCH_INGEST_PROCESSES ?? '1,2').split(',').map(Number) as (1 | 2)[];
  for (let round = 1; round <= rounds; round++)
    for (const processes of clusters)
      for (const server of round % 2 ? servers : [...servers].reverse()) {
        const upcoming = walkOutsOf(CROSSINGS, SECONDS);
        const c = await cluster(processes, upcoming + 2000 + (withDocuments ? spareForDocuments : 0), server.script);
        if (withDocuments) await openDocuments(c, upcoming);
        const r = await run(c, server.label, {
          rate: CROSSINGS * 7,
          crossings: CROSSINGS,
          listenOn: c.bases[processes - 1]!,
          seconds: SECONDS,
        });
        await teardown(c);
        const f = figures(r);
        const outs = f.outsPerSec;
        results.push({ label: server.label, processes, outs, p99: f.noticeP99 });
        out.push(
          `| ${round} | ${server.label} | ${processes} | ${written(r, f)}; refused ${r.refused} | ` +
            `p50 ${percentile(r.latencies, 50).toFixed(0)} ms, ` +
            `p99 **${f.noticeP99.toFixed(0)} ms** (${r.received} of ${r.expected}) | p99 ${f.batchP99.toFixed(0)} ms | ` +
            `${r.load.before} → ${r.load.after} |`,
        );
        // Each run as it ends, so that an interrupted comparison still shows what it measured.
        console.log(out.at(-1));
      }
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = (sorted.length - 1) / 2;
    return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
  };
  out.push(
    '',
    '| server | processes | OUT written/s, median (each round) | notification p99, median (each round) | target |',
  );
  out.push('|---|---|---|---|---|');
  for (const server of servers)
    for (const processes of clusters) {
      const mine = results.filter((x) => x.label === server.label && x.processes === processes);
      const outs = Math.round(median(mine.map((x) => x.outs)));
      const p99 = median(mine.map((x) => x.p99));
      out.push(
        `| ${server.label} | ${processes} | ${outs} (${mine.map((x) => x.outs).join(', ')}) | ${p99.toFixed(0)} ms ` +
          `(${mine.map((x) => x.p99.toFixed(0)).join(', ')}) | ${CROSSINGS}/s ${mark(outs >= CROSSINGS * 0.98)}, ` +
          `p99 ≤ 250 ms ${mark(p99 <= 250)} |`,
      );
    }
  record(
    `Ingestion at ${CROSSINGS} walk-outs/s, before and after in the same run (PostgreSQL 15, ${READERS} Zebra exit ` +
      `gates over HTTP, ${SECONDS} s per run, ${CROSSINGS * 7} reads/s offered, ${withDocuments ? OPEN_LABEL : 'no open document'})`,
    out,
  );
}

export async function ingest(): Promise<void> {
  if (process.env.BENCH_INGEST_BEFORE) return beforeAfter(process.env.BENCH_INGEST_BEFORE);
  const out: string[] = ['| measure | value | target |', '|---|---|---|'];
  const outputs = OPEN;
  const walkOutsPerSec = `${CROSSINGS} walk-outs/s`;
  const withOutputs = (title: string) => (outputs ? `${title}, ${OPEN_LABEL}` : title);
  // Enough bound tags at the gates for every walk-out, and for the outputs' and the notes' tags beside them.
  const spare = 2000 + spareForDocuments;

  // One process: raw reads (few walk-outs), then 500 walk-outs/s for SOAK_SECONDS, on the same server. With open
  // documents: raw reads and 500 walk-outs/s for SECONDS first, without them; then the documents; then the above.
  const rawWalkOuts = walkOutsOf(RAW_CROSSINGS, SECONDS);
  const soakWalkOuts = walkOutsOf(CROSSINGS, SOAK_SECONDS);
  const baselineWalkOuts = outputs ? rawWalkOuts + walkOutsOf(CROSSINGS, SECONDS) : 0;
  const one = await cluster(1, baselineWalkOuts + rawWalkOuts + soakWalkOuts + spare);
  const pid = one.procs[0]!.pid!;
  const mem = [{ at: 'start', mib: rssMiB(pid) }];
  const raw = (title: string) =>
    run(one, title, { rate: RATE, crossings: RAW_CROSSINGS, listenOn: one.bases[0]!, seconds: SECONDS });
  let before: { reads: Run; outs: Run } | undefined;
  let written: string[] = [];
  if (outputs) {
    const reads = await raw('1 process, raw reads, no open document');
    const outs = await run(one, `1 process, ${walkOutsPerSec} for ${SECONDS} s, no open document`, {
      rate: CROSSINGS * 7,
      crossings: CROSSINGS,
      listenOn: one.bases[0]!,
      seconds: SECONDS,
    });
    before = { reads, outs };
    mem.push({ at: 'before the documents', mib: rssMiB(pid) });
    written = await openDocuments(one, rawWalkOuts + soakWalkOuts);
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
  if (before) out.push(...lines(before.reads), ...lines(before.outs), ...written);
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
    crossBefore = await crossing(`${twoTitle}, no open document`);
    written = await openDocuments(two, runWalkOuts);
  }
  const cross = await crossing(withOutputs(twoTitle));
  pids.forEach((p, i) => mem2[i]!.push({ at: 'end', mib: rssMiB(p) }));
  await teardown(two);
  if (crossBefore) out.push(...lines(crossBefore), ...written);
  out.push(...lines(cross), memory('2 processes, A', mem2[0]!), memory('2 processes, B', mem2[1]!));
  if (crossBefore) out.push(compared('2 processes', crossBefore, cross));

  const runs = SECONDS === SOAK_SECONDS ? `${SECONDS} s per run` : `${SECONDS} s per run unless stated`;
  record(
    `Ingestion (PostgreSQL 15, ${READERS} Zebra exit gates over HTTP, ${runs}; most reads are repeats of ${DWELLING} tags dwelling by each gate${outputs ? `; without, then with ${OPEN_LABEL}` : ''})`,
    out,
  );
}
