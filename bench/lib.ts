import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp, type AppConfig } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/seed/seed';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

export type Server = { proc: ChildProcess; base: string; stop(): Promise<void> };

/** Starts a node process and resolves once `url` answers 200; returns the time it took. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  healthUrl: string,
): Promise<{ proc: ChildProcess; ms: number }> {
  const t0 = performance.now();
  // Built JavaScript runs as it is; TypeScript goes through tsx.
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  // BENCH_PROFILE=<folder>: each server writes a CPU profile there when it stops.
  if (process.env.BENCH_PROFILE) args.unshift('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`);
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script} exited with ${proc.exitCode}`);
    try {
      const res = await fetch(healthUrl);
      if (res.status === 200) return { proc, ms: performance.now() - t0 };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function stop(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export type Load = { reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number };

export async function load(opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ connections: 32, duration: 10, ...opts });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** The machine's load average over 1, 5 and 15 minutes, as /proc/loadavg gives it. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Appends a dated section to bench/RESULTS.md. */
export function record(title: string, lines: string[]): void {
  if (!existsSync(RESULTS))
    writeFileSync(RESULTS, '# Benchmark results\n\nAppended by `npm run bench`; newest last.\n');
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const text = `\n## ${title} — ${date} UTC\n\n${lines.join('\n')}\n`;
  appendFileSync(RESULTS, text);
  console.log(text);
}

/** The local PostgreSQL server's maintenance database, where the benchmarks create and drop their own. */
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs statements one after the other on `url` (the owner's connection: no row-level security in the way). */
export async function runSql(url: string, statements: string[]): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const s of statements) await c.query(s);
  await c.end();
}

/** A new, empty database `name` on the benchmark server (dropped first if left by a run); answers its URL. */
export async function freshDatabase(name: string): Promise<string> {
  await runSql(ADMIN_URL, [`drop database if exists ${name} with (force)`, `create database ${name}`]);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export const dropDatabase = (name: string) => runSql(ADMIN_URL, [`drop database if exists ${name} with (force)`]);

/** The Demo tenant's tag movements of a busy gate: a third OUT (one in seven unauthorized), a third IN, a third seen; one every 0.33 s. */
export const fillMovementsSql = (count: number) =>
  `insert into tag_movements (tenant_id, event_type, epc, article_id, reader_id, location, antenna, rssi, source,
     is_authorized, stock_delta, seen_at)
   select t.id, (array['OUT', 'IN', 'seen'])[g % 3 + 1], lpad(to_hex(g), 24, '0'),
     (select min(id) from articles a where a.tenant_id = t.id), (select min(id) from readers r where r.tenant_id = t.id),
     'Quai A — sortie', 2, -55, 'zebra', case when g % 3 = 0 then g % 7 <> 0 end, 0,
     now() - make_interval(secs => g / 3.0)
   from generate_series(1, ${count}) g, (select id from tenants where name = 'Demo') t`;

/** Signs in on a running server and answers the bearer token and the user's tenant. */
export async function signInSession(base: string, email: string, password: string) {
  const res = await fetch(`${base}/backend/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  const { token, user } = (await res.json()) as { token: string; user: { IDClient: string } };
  return { token, tenantId: Number(user.IDClient) };
}

/** Signs in on a running server and answers the bearer token. */
export const signIn = async (base: string, email: string, password: string): Promise<string> =>
  (await signInSession(base, email, password)).token;

/** The configuration of an app a benchmark builds in its own process (no Redis, no web files, quiet logs). */
export const inProcessConfig: AppConfig = {
  jwtSecret: 'bench-only-secret-that-is-long-enough-0123456789',
  loginRateLimitPerMinute: 1000,
  webDist: '/nonexistent-web-dist',
  redisUrl: undefined,
  logLevel: 'warn',
};

/** An article import file of `rows` new references (`HLT-000001`…), most with an opening stock. */
export function articleImportCsv(rows: number): string {
  const lines = ['reference,designation,size,priceHt,vatRate,stockAlert,quantity'];
  for (let i = 1; i <= rows; i++)
    lines.push(`HLT-${String(i).padStart(6, '0')},Article importé ${i},M,12.50,20,5,${i % 40}`);
  return lines.join('\n') + '\n';
}

export type Probed = Load & { max: number };

/** Probes `url` (4 connections, as the benches' baselines) for as long as `run` takes. */
export async function probeDuring<T>(
  url: string,
  run: () => Promise<T>,
): Promise<{ result: T; probed: Probed; ms: number }> {
  const probe = autocannon({ url, connections: 4, duration: 3600 }, () => undefined);
  const done = new Promise<autocannon.Result>((resolve) => probe.on('done', resolve));
  const t0 = performance.now();
  const result = await run();
  const ms = performance.now() - t0;
  probe.stop();
  const r = await done;
  return {
    result,
    ms,
    probed: {
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors,
      non2xx: r.non2xx,
    },
  };
}

/** The value at fraction `p` (0 to 1) of `sorted`, ascending. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** A duration for the tables: one decimal below 10 ms, whole milliseconds above. */
export const fmtMs = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

/**
 * `requests` GETs of `url` one after the other (one client) after `warmup` unmeasured ones; answers how many were
 * measured, the median, p95 and slowest time and the last body. A slow endpoint stops early: the warm-up after a
 * tenth of `budgetMs`, the measure after `budgetMs` (at least 3 requests). Any answer but 200 stops the benchmark.
 */
export async function sequentialGets(
  url: string,
  authorization: string,
  requests: number,
  warmup = 5,
  budgetMs = Infinity,
) {
  const get = async () => {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
    return { ms: performance.now() - t0, body };
  };
  let body = '';
  for (let i = 0, spent = 0; i < warmup && spent <= budgetMs / 10; i++) {
    const r = await get();
    spent += r.ms;
  }
  const times: number[] = [];
  for (let spent = 0; times.length < requests && (spent <= budgetMs || times.length < 3); ) {
    const r = await get();
    times.push(r.ms);
    spent += r.ms;
    body = r.body;
  }
  times.sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1)!, body };
}

/**
 * The app in this process on a fresh database: PGlite in memory, or the PostgreSQL database `name` created anew;
 * migrated, the demo seeded, listening on `port`. `close` stops it and drops the database.
 */
export async function inProcessApp(
  kind: 'pglite' | 'postgres',
  name: string,
  port: number,
  password: string,
  overrides: Partial<AppConfig> = {},
) {
  const url = kind === 'postgres' ? await freshDatabase(name) : undefined;
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await seedDemo(database.db, password);
  const app = await buildApp({ ...inProcessConfig, ...overrides }, database);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    database,
    app,
    async close() {
      await app.close();
      await database.close();
      if (url) await dropDatabase(name);
    },
  };
}

/** `/backend/health` (or `path`) over HTTP every 50 ms from a process of its own, until `stop` answers the latencies. */
const PROBE = `
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
const times = [];
while (!stopping) {
  const t0 = performance.now();
  try {
    const res = await fetch(process.env.PROBE_URL);
    await res.arrayBuffer();
    times.push(res.status === 200 ? performance.now() - t0 : -1);
  } catch {
    times.push(-1);
  }
  const wait = 50 - (performance.now() - t0);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
process.stdout.write(JSON.stringify(times));
`;
export function healthProbe(base: string, path = '/backend/health') {
  const proc = spawn(process.execPath, ['--input-type=module', '-e', PROBE], {
    env: { ...process.env, PROBE_URL: `${base}${path}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return async () => {
    proc.kill('SIGTERM');
    await exited;
    const times = JSON.parse(out) as number[];
    const failed = times.filter((t) => t < 0).length;
    const ok = times.filter((t) => t >= 0).sort((a, b) => a - b);
    return { count: times.length, failed, p50: percentile(ok, 0.5), p99: percentile(ok, 0.99), max: ok.at(-1)! };
  };
}

/**
 * Samples the process's memory every 50 ms until `stop()`, which answers the usage at the start and the peaks of
 * RSS and JS heap meanwhile (a garbage collection first when `--expose-gc`).
 */
export function memoryPeaks() {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  return {
    stop() {
      clearInterval(sampler);
      return { before, peakRss, peakHeap };
    },
  };
}
