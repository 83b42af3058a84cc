import { sql } from 'drizzle-orm';
import { queryRows, withPlatform, type Database } from '../apps/api/src/db/client';
import {
  fmtMs,
  healthProbe,
  inProcessApp,
  loadAverage,
  memoryPeaks,
  percentile,
  record,
  runSql,
  ADMIN_URL,
  signInSession,
} from './lib';

/**
 * Reports over many stock movements (issue 24's figures), on PGlite and on PostgreSQL (when reachable), the server in
 * this process: `POST /reports/run` of movements out and in by month × category over a year of 1,000,000 movements
 * (1,000 articles in 20 categories), with `/backend/health` probed meanwhile; then the XLSX of 100,000 rows (movements
 * out by day × article over 100 days) and of 200,000 (flat memory: the same peak), time and the process's peak memory sampled every 50 ms. Baselines of the
 * same run: the same report over 1,000 movements of another year, health idle, and the XLSX of 1,000 rows (one day).
 */
const PORT = 8197;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const MOVEMENTS = Number(process.env.BENCH_REPORTS_MOVEMENTS ?? 1_000_000);
const ARTICLES = 1000;
const CATEGORIES = 20;
const RUNS = 5;
/** Heap growth a file of twice the rows may add and still be called flat (sampling and collection noise). */
const FLAT_SLACK = 32 * 1024 * 1024;
const SEED_CHUNK = 100_000;
const KINDS = (process.env.BENCH_REPORTS_DATABASES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const YEAR = 2031;
const BASELINE_YEAR = 2030;
const MiB = 1024 * 1024;
const mib = (bytes: number) => `${Math.round(bytes / MiB)} MiB`;
const size = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
/** The probe's process starts (its SIGTERM handler set) before the measure begins. */
const PROBE_START_MS = 1000;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** 20 categories and 1,000 articles of the tenant (`RPT-0001`…), spread over the categories. */
async function seedArticles(database: Database, tenantId: number) {
  await withPlatform(database.db, async (tx) => {
    await tx.execute(sql`
      insert into categories (tenant_id, name)
      select ${tenantId}, 'Rapport ' || lpad(c::text, 2, '0') from generate_series(1, ${CATEGORIES}::int) c`);
    await tx.execute(sql`
      insert into articles (tenant_id, reference, designation, category_id, price_ht, vat_rate, price_ttc)
      select ${tenantId}, 'RPT-' || lpad(a::text, 4, '0'), 'Article rapport ' || a, c.id, 10, 20, 12
      from generate_series(1, ${ARTICLES}::int) a
      join categories c on c.tenant_id = ${tenantId} and c.name = 'Rapport ' || lpad((a % ${CATEGORIES} + 1)::text, 2, '0')`);
  });
}

/**
 * Movements `from`…`to` (1-based) of a year: movement g moves article g mod 1,000 on day ⌊g / 1,000⌋ mod 365; blocks
 * of 1,000 alternate in and out. So every day of the first 100 has a movement out of every article (100,000 rows by
 * day × article). `spread` (the baseline): movement g on day 7g mod 365, in and out alternating, over twelve months.
 */
async function seedMovements(database: Database, tenantId: number, year: number, count: number, spread = false) {
  for (let done = 0; done < count; done += SEED_CHUNK) {
    const last = Math.min(count, done + SEED_CHUNK);
    await withPlatform(database.db, (tx) =>
      tx.execute(sql`
        with a as (select id, row_number() over (order by id) - 1 as i from articles
                   where tenant_id = ${tenantId} and reference like 'RPT-%')
        insert into stock_movements (tenant_id, article_id, delta, quantity_after, reason_code, created_at)
        select ${tenantId}, a.id, case when ${spread ? sql`g % 2` : sql`(g / 1000) % 2`} = 0 then 1 + g % 3 else -(1 + g % 5) end, 0, 'manual',
          (make_date(${year}::int, 1, 1) + ${spread ? sql`(g * 7) % 365` : sql`(g / 1000) % 365`})::timestamp
            at time zone 'Europe/Paris' + interval '10 hours' + make_interval(secs => g % 1000)
        from generate_series(${done + 1}::int, ${last}::int) g join a on a.i = g % 1000`),
    );
  }
}

async function reachable(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') return true;
  try {
    await runSql(ADMIN_URL, ['select 1']);
    return true;
  } catch {
    return false;
  }
}

type ReportTimes = {
  n: number;
  p50: number;
  max: number;
  rows: number;
  health: Awaited<ReturnType<ReturnType<typeof healthProbe>>>;
};

async function timeReport(token: string, measure: string, year: number): Promise<ReportTimes> {
  const query = {
    measures: [measure],
    dimensions: ['month', 'category'],
    period: { from: `${year}-01-01`, to: `${year}-12-31` },
  };
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/backend/api/reports/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { rowCount: number };
    if (res.status !== 200) throw new Error(`report answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, rows: body.rowCount };
  };
  await once(); // warm-up (plans, caches), left out
  const stop = healthProbe(base);
  await sleep(PROBE_START_MS);
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    times.push(r.ms);
    rows = r.rows;
  }
  const health = await stop();
  times.sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 0.5), max: times.at(-1)!, rows, health };
}

/** The XLSX of movements out by day × article over `days` days from the year's `firstDay` (1: January 1st), read to the end and dropped. */
async function timeXlsx(token: string, firstDay: number, days: number) {
  const from = new Date(Date.UTC(YEAR, 0, firstDay)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(YEAR, 0, firstDay + days - 1)).toISOString().slice(0, 10);
  const query = { measures: ['movements_out'], dimensions: ['day', 'article'], period: { from, to } };
  const run = await fetch(`${base}/backend/api/reports/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const { historyId } = (await run.json()) as { historyId: number };
  await sleep(500);
  const memory = memoryPeaks();
  const stop = healthProbe(base);
  await sleep(PROBE_START_MS);
  const t0 = performance.now();
  const res = await fetch(`${base}/backend/api/reports/${historyId}/xlsx`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr-FR' },
  });
  if (res.status !== 200) throw new Error(`xlsx answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const ms = performance.now() - t0;
  const peaks = memory.stop();
  const health = await stop();
  return { ms, bytes, ...peaks, health, from, to };
}

async function measure(kind: 'pglite' | 'postgres') {
  const lines: string[] = [];
  const server = await inProcessApp(kind, 'tagstock_bench_reports', PORT, PASSWORD);
  try {
    const { token, tenantId } = await signInSession(base, 'admin@demo.test', PASSWORD);
    await seedArticles(server.database, tenantId);
    await seedMovements(server.database, tenantId, BASELINE_YEAR, 1000, true);
    const idleStop = healthProbe(base);
    await sleep(3000);
    const idle = await idleStop();
    const small = {
      out: await timeReport(token, 'movements_out', BASELINE_YEAR),
      in: await timeReport(token, 'movements_in', BASELINE_YEAR),
    };
    const t = performance.now();
    await seedMovements(server.database, tenantId, YEAR, MOVEMENTS);
    const seedMs = performance.now() - t;
    console.error(`reports bench (${kind}): ${MOVEMENTS} movements seeded in ${Math.round(seedMs)} ms`);
    await sleep(2000);
    const load = loadAverage();
    const large = {
      out: await timeReport(token, 'movements_out', YEAR),
      in: await timeReport(token, 'movements_in', YEAR),
    };
    const xlsxRows = async <T extends { from: string; to: string }>(r: T) => {
      const [row] = await withPlatform(server.database.db, (tx) =>
        queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from (select distinct article_id, (created_at at time zone 'Europe/Paris')::date
                from stock_movements where tenant_id = ${tenantId} and delta < 0
                  and (created_at at time zone 'Europe/Paris')::date between ${r.from}::date and ${r.to}::date) d`,
        ),
      );
      return { ...r, rows: row!.n };
    };
    const xlsxSmall = await xlsxRows(await timeXlsx(token, 2, 1));
    const xlsxLarge = await xlsxRows(await timeXlsx(token, 1, 100));
    // Twice the rows: the same peak if memory is flat.
    const xlsxDouble = await xlsxRows(await timeXlsx(token, 1, 200));
    const [{ n }] = (await withPlatform(server.database.db, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from stock_movements where tenant_id = ${tenantId}`),
    )) as [{ n: number }];
    const h = (x: ReportTimes['health']) =>
      `${fmtMs(x.p50)} / **${fmtMs(x.p99)}** / ${fmtMs(x.max)} (${x.count} probes${x.failed ? `, ${x.failed} failed` : ''})`;
    const ok = (ms: number) => (ms <= 2000 ? '✅' : '❌');
    for (const m of ['out', 'in'] as const)
      lines.push(
        `| ${kind} | movements_${m} by month × category, ${MOVEMENTS.toLocaleString('en')} movements | ` +
          `${fmtMs(large[m].p50)} / **${fmtMs(large[m].max)}** (${large[m].rows} rows) | ${h(large[m].health)} | ` +
          `${fmtMs(small[m].p50)} / ${fmtMs(small[m].max)} (${small[m].rows} rows) over 1,000 movements; health idle ${h(idle)} | ≤ 2 s ${ok(large[m].max)} |`,
      );
    const x = (r: Awaited<ReturnType<typeof timeXlsx>> & { rows: number }) =>
      `${(r.ms / 1000).toFixed(1)} s, ${size(r.bytes)}; RSS ${mib(r.before.rss)} → ${mib(r.peakRss)} (+${mib(r.peakRss - r.before.rss)}), ` +
      `heap ${mib(r.before.heapUsed)} → ${mib(r.peakHeap)} (+${mib(r.peakHeap - r.before.heapUsed)}); health ${h(r.health)}`;
    const grew = (r: typeof xlsxLarge) => r.peakHeap - r.before.heapUsed;
    const flat = grew(xlsxDouble) <= grew(xlsxLarge) + FLAT_SLACK;
    for (const r of [xlsxLarge, xlsxDouble])
      lines.push(
        `| ${kind} | XLSX of ${r.rows.toLocaleString('en')} rows (movements out by day × article) | ${x(r)} | | ` +
          `${xlsxSmall.rows.toLocaleString('en')} rows: ${x(xlsxSmall)} | ` +
          (r === xlsxDouble
            ? `flat: heap growth within ${mib(FLAT_SLACK)} of the ${xlsxLarge.rows.toLocaleString('en')}-row file's ${flat ? '✅' : '❌'} |`
            : 'time: none set |'),
      );
    return {
      lines,
      note: `${kind}: ${n.toLocaleString('en')} movements in the tenant, the large set seeded in ${(seedMs / 1000).toFixed(1)} s; load average ${load} → ${loadAverage()}.`,
    };
  } finally {
    await server.close();
  }
}

export async function reportsBench() {
  const lines = [
    '| database | what | large: p50 / max (or time, size, memory) | /backend/health p50 / p99 / max meanwhile | baseline, same run | target |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const notes: string[] = [];
  for (const kind of KINDS) {
    if (!(await reachable(kind))) {
      notes.push(`${kind}: not reachable, skipped.`);
      continue;
    }
    const r = await measure(kind);
    lines.push(...r.lines);
    notes.push(r.note);
  }
  record(
    `Reports over ${MOVEMENTS.toLocaleString('en')} stock movements, and XLSX of 100,000 and 200,000 rows (server in process, HTTP)`,
    [
      ...lines,
      '',
      `${RUNS} runs of each report after one warm-up; ${ARTICLES.toLocaleString('en')} articles in ${CATEGORIES} categories; ` +
        'tables as loaded, without statistics (PGlite never gathers them; PostgreSQL not before autovacuum); ' +
        "the XLSX is read to the end and dropped (pages of 10,000 rows; sorted by day, so read in windows of the period, each aggregated on its own), memory is the whole process sampled every 50 ms (PGlite's WASM heap in its RSS).",
      ...notes.map((n) => `- ${n}`),
    ],
  );
}
