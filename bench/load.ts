import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADMIN_URL,
  dropDatabase,
  fmtMs,
  freshDatabase,
  healthProbe,
  loadAverage,
  percentile,
  record,
  RESULTS,
  signInSession,
  startProcess,
  stop,
} from './lib';

/**
 * Under load: `USERS` users (50, then 10) each loop over five kinds of request — an article search, the invoice
 * list, a dashboard widget, a draft invoice created then issued, a stock increment — for `SECONDS` (60) against a
 * server started fresh (first start, demo data) in a process of its own, on PGlite and on PostgreSQL. Per kind:
 * p50, p99, slowest; requests per second; `/backend/health` (liveness) and `/backend/ready` (readiness) probed
 * every 50 ms from processes of their own meanwhile. Each row is compared with the previous run's (RESULTS.md),
 * or with the figures of issue 27 when there is none.
 */
const PORT = 8211;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const DB = 'tagstock_bench_load';
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = (process.env.BENCH_LOAD_USERS ?? '50,10').split(',').map(Number);
const KINDS = (process.env.BENCH_LOAD_DATABASES ?? 'pglite,postgres').split(',') as Database[];
/** Search p99 within this many times the slowest other kind's p99 (issue 27: no kind starves behind another). */
const STARVATION_RATIO = 3;
/** Names the code measured in the title (e.g. a run of an earlier commit's server, to compare). */
const LABEL = process.env.BENCH_LOAD_LABEL;

type Database = 'pglite' | 'postgres';
const REQUESTS = ['search', 'invoices', 'widget', 'draft', 'issue', 'increment'] as const;
type Request = (typeof REQUESTS)[number];
type Figures = { p50: number; p99: number; max: number; n: number; errors: number };
type Run = {
  database: Database;
  users: number;
  seconds: number;
  reqPerSec: number;
  kinds: Record<Request, Figures>;
  health: { p50: number; p99: number; failed: number };
  ready: { p50: number; p99: number; failed: number };
  load: string;
};

/** Issue 27's figures (measured before this benchmark existed): the baseline of a first run. */
const ISSUE_27: Partial<Record<string, Partial<Run> & { note: string }>> = {
  'pglite 50': { reqPerSec: 88, note: 'issue 27: every kind p50 ~520 ms, search p99 8.5 s, health p99 1.1 s' },
  'postgres 50': { reqPerSec: 258, note: 'issue 27: p50 120–140 ms, issue p99 1.66 s, health p99 257 ms' },
  'pglite 10': { reqPerSec: 89, note: 'issue 27: p99 ≤ 300 ms' },
};

/** The last run's rows, kept as JSON comments in RESULTS.md. */
function previousRuns(): Map<string, Run> {
  const runs = new Map<string, Run>();
  let text = '';
  try {
    text = readFileSync(RESULTS, 'utf8');
  } catch {
    return runs;
  }
  for (const m of text.matchAll(/<!-- load-run (\{.*\}) -->/g)) {
    const run = JSON.parse(m[1]!) as Run;
    runs.set(`${run.database} ${run.users}`, run);
  }
  return runs;
}

type Session = { authorization: string; tenantId: number };

async function call<T>(s: Session, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const res = await fetch(`${base}/backend/api${path}`, {
    method,
    headers: body
      ? { authorization: s.authorization, 'content-type': 'application/json' }
      : s.authorization
        ? { authorization: s.authorization }
        : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** What the loops need from the demo tenant: articles (and search terms from them), customers, a mode, a reason. */
async function references(s: Session) {
  type Page<T> = { items: T[] };
  const articles = (
    await call<Page<{ id: number; reference: string; designation: string }>>(s, 'GET', '/articles?limit=100')
  ).items;
  const customers = (
    await call<
      Page<{ id: number; address: string | null; postcode: string | null; city: string | null; siren: string | null }>
    >(s, 'GET', '/customers?limit=100')
  ).items.filter((c) => c.address && c.postcode && c.city && c.siren);
  const mode = (await call<Page<{ id: number }>>(s, 'GET', '/payment-modes?limit=1')).items[0]!;
  const reason = (await call<Page<{ id: number; kind: string }>>(s, 'GET', '/reasons?limit=100')).items.find(
    (r) => r.kind === 'increment' || r.kind === 'both',
  )!;
  // What people type: a word of a designation, the start of a reference, a few letters.
  const terms = new Set<string>();
  for (const a of articles) {
    const words = a.designation.split(/\s+/).filter((w) => w.length >= 4);
    if (words[0]) terms.add(words[0].toLowerCase());
    terms.add(a.reference.slice(0, 4));
    terms.add(a.designation.slice(1, 4).toLowerCase());
  }
  if (!articles.length || !customers.length || !mode || !reason) throw new Error('the demo tenant lacks references');
  return { articles, customers, mode, reason, terms: [...terms] };
}

const today = () => new Date().toISOString().slice(0, 10);

/** `users` loops over the kinds for `seconds`; each request's time, by kind. */
async function mixedLoad(s: Session, refs: Awaited<ReturnType<typeof references>>, users: number, seconds: number) {
  const times = Object.fromEntries(REQUESTS.map((k) => [k, [] as number[]])) as Record<Request, number[]>;
  const errors = Object.fromEntries(REQUESTS.map((k) => [k, 0])) as Record<Request, number>;
  const firstError = new Map<Request, string>();
  let counter = 0;
  const timed = async <T>(kind: Request, run: () => Promise<T>): Promise<T | undefined> => {
    const t0 = performance.now();
    try {
      const result = await run();
      times[kind].push(performance.now() - t0);
      return result;
    } catch (err) {
      errors[kind] += 1;
      if (!firstError.has(kind)) firstError.set(kind, (err as Error).message);
      return undefined;
    }
  };
  const steps: ((k: number) => Promise<unknown>)[] = [
    (k) =>
      timed('search', () =>
        call(s, 'GET', `/articles?limit=25&search=${encodeURIComponent(refs.terms[k % refs.terms.length]!)}`),
      ),
    (k) => timed('invoices', () => call(s, 'GET', `/invoices?limit=25&page=${1 + (k % 3)}`)),
    () => timed('widget', () => call(s, 'GET', `/dashboard/total-montantht-payed-facturer/${s.tenantId}`)),
    async (k) => {
      const draft = await timed('draft', () =>
        call<{ id: number }>(s, 'POST', '/invoices', {
          customerId: refs.customers[k % refs.customers.length]!.id,
          invoiceDate: today(),
          paymentTermDays: 30,
          paymentModeId: refs.mode.id,
          lines: [
            {
              articleId: refs.articles[k % refs.articles.length]!.id,
              quantity: 1 + (k % 5),
              unitPrice: (10 + (k % 90)).toFixed(2),
              vatRate: '20',
              discount: '0',
            },
          ],
        }),
      );
      if (draft) await timed('issue', () => call(s, 'POST', `/invoices/${draft.id}/status`, { status: 'issued' }));
    },
    (k) =>
      timed('increment', () =>
        call(s, 'POST', `/articles/${refs.articles[k % refs.articles.length]!.id}/increment`, {
          quantity: 1,
          reasonId: refs.reason.id,
        }),
      ),
  ];
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      // Each user starts at another step, so that the kinds mix from the first second.
      for (let i = user; performance.now() < end; i++) await steps[i % steps.length]!(counter++);
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const kinds = Object.fromEntries(
    REQUESTS.map((k) => {
      const sorted = times[k].sort((a, b) => a - b);
      const f: Figures = sorted.length
        ? {
            p50: percentile(sorted, 0.5),
            p99: percentile(sorted, 0.99),
            max: sorted.at(-1)!,
            n: sorted.length,
            errors: errors[k],
          }
        : { p50: NaN, p99: NaN, max: NaN, n: 0, errors: errors[k] };
      return [k, f];
    }),
  ) as Record<Request, Figures>;
  for (const [kind, message] of firstError) console.warn(`load: first ${kind} error: ${message}`);
  const total = REQUESTS.reduce((n, k) => n + kinds[k].n + kinds[k].errors, 0);
  return { kinds, reqPerSec: Math.round(total / elapsed) };
}

/** A fresh start (new data folder or new database, demo seeded by the first start), the load, the probes. */
async function measure(database: Database, users: number): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tagstock-bench-load-'));
  const url = database === 'postgres' ? await freshDatabase(DB) : undefined;
  const env: Record<string, string> = {
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: PASSWORD,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    ...(url ? { DATABASE_URL: url } : {}),
  };
  const server = await startProcess('apps/api/src/main.ts', env, `${base}/backend/ready`);
  try {
    const { token, tenantId } = await signInSession(base, 'admin@demo.test', PASSWORD);
    const s = { authorization: `Bearer ${token}`, tenantId };
    const refs = await references(s);
    // Enough stock that no draft is refused for what the issued ones took (the demo's quantities are small).
    for (const a of refs.articles)
      await call(s, 'POST', `/articles/${a.id}/increment`, { quantity: 100_000, reasonId: refs.reason.id });
    const health = healthProbe(base);
    const ready = healthProbe(base, '/backend/ready');
    const load = await mixedLoad(s, refs, users, SECONDS);
    const h = await health();
    const r = await ready();
    return {
      database,
      users,
      seconds: SECONDS,
      reqPerSec: load.reqPerSec,
      kinds: load.kinds,
      health: { p50: h.p50, p99: h.p99, failed: h.failed },
      ready: { p50: r.p50, p99: r.p99, failed: r.failed },
      load: loadAverage(),
    };
  } finally {
    await stop(server.proc);
    rmSync(dataDir, { recursive: true, force: true });
    if (url) await dropDatabase(DB);
  }
}

const p = (f: Figures) => (f.n ? `${fmtMs(f.p50)} / ${fmtMs(f.p99)}` : '—');

/** The search's p99 against the slowest other kind's (issuing on PostgreSQL waits on its counter, as expected). */
function starvation(run: Run) {
  const others = REQUESTS.filter((k) => k !== 'search' && run.kinds[k].n).map((k) => run.kinds[k].p99);
  const ratio = run.kinds.search.p99 / Math.max(...others);
  return { ratio, ok: ratio <= STARVATION_RATIO };
}

export async function loadBench(): Promise<void> {
  if (KINDS.includes('postgres')) console.log(`load: PostgreSQL at ${new URL(ADMIN_URL).host}`);
  const previous = previousRuns();
  const before = loadAverage();
  const runs: Run[] = [];
  for (const database of KINDS) {
    for (const users of USERS) {
      console.log(`load: ${database}, ${users} users, ${SECONDS} s…`);
      runs.push(await measure(database, users));
    }
  }
  const lines = [
    `${SECONDS} s per row, each on a fresh start (first start with the demo data) in a process of its own; the load`,
    `from this process, the probes each from a process of their own every 50 ms. Load average before: ${before}.`,
    '',
    `| database | users | req/s | ${REQUESTS.map((k) => `${k} p50 / p99`).join(' | ')} | health p50 / p99 | ready p50 / p99 | search p99 ÷ others' worst | load after |`,
    `|---|---|---|${REQUESTS.map(() => '---|').join('')}---|---|---|---|`,
  ];
  for (const run of runs) {
    const st = starvation(run);
    const errors = REQUESTS.filter((k) => run.kinds[k].errors).map((k) => `${k} ${run.kinds[k].errors} errors`);
    lines.push(
      `| ${run.database} | ${run.users} | ${run.reqPerSec} | ${REQUESTS.map((k) => p(run.kinds[k])).join(' | ')} | ` +
        `${fmtMs(run.health.p50)} / ${fmtMs(run.health.p99)}${run.health.failed ? ` (${run.health.failed} failed)` : ''} | ` +
        `${fmtMs(run.ready.p50)} / ${fmtMs(run.ready.p99)}${run.ready.failed ? ` (${run.ready.failed} failed)` : ''} | ` +
        `${st.ratio.toFixed(1)}× (target ≤ ${STARVATION_RATIO}×: ${st.ok ? 'met' : 'missed'}) | ${run.load}${errors.length ? `; ${errors.join(', ')}` : ''} |`,
    );
  }
  lines.push('', '| database | users | previous run | this run |', '|---|---|---|---|');
  for (const run of runs) {
    const key = `${run.database} ${run.users}`;
    const last = previous.get(key);
    const now = `${run.reqPerSec} req/s, search p99 ${fmtMs(run.kinds.search.p99)}, health p99 ${fmtMs(run.health.p99)}`;
    const then = last
      ? `${last.reqPerSec} req/s, search p99 ${fmtMs(last.kinds.search.p99)}, health p99 ${fmtMs(last.health.p99)} (load ${last.load})`
      : (ISSUE_27[key]?.note ?? 'none');
    lines.push(`| ${run.database} | ${run.users} | ${then} | ${now} |`);
  }
  lines.push(
    '',
    "Targets (issue 27): on PGlite no kind starves (search p99 ≤ 3× the others'); `/backend/health` p99 ≤ 100 ms.",
    ...runs.map(
      (run) =>
        `- ${run.database}, ${run.users} users: health p99 ${fmtMs(run.health.p99)} — ${run.health.p99 <= 100 ? 'met' : 'missed'}` +
        (run.database === 'pglite'
          ? `; search ${starvation(run).ok ? 'does not starve — met' : 'starves — missed'}`
          : ''),
    ),
    '',
    ...runs.map((run) => `<!-- load-run ${JSON.stringify(run)} -->`),
  );
  record(`Under load (mixed users on one server)${LABEL ? `, ${LABEL}` : ''}`, lines);
}
