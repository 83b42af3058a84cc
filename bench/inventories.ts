import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { queryRows, withTenant, type Database, type Tx } from '../apps/api/src/db/client';
import { moveStock } from '../apps/api/src/modules/stock/stock.service';
import { fmtMs, inProcessApp, loadAverage, record, sequentialGets, signInSession } from './lib';

/**
 * Inventories (issue 23): finishing a whole-stock inventory of about 100,000 counted tags over 20,000 articles,
 * once without adjustments (a: the last reads taken in, every line recomputed, the missing tags suspected lost)
 * and once with them (b: the same, plus the gaps applied through moveStock), on the same data; the memory of the
 * process around each finish; then the gap endpoints (the five inventory widgets and /gaps by article, attribution
 * and category) on the inventory finished last, beside the one before. Baseline in the same run: the same steps on
 * an inventory of about 1,000 tags over 200 articles, in another tenant. Server in this process, HTTP, one client;
 * on PGlite and on the local PostgreSQL.
 *
 * Data (SQL, set-based, in the tenant's transaction): articles in 20 categories, 50 consumers holding a quarter of
 * the articles and five categories; `tags` tags bound to them, active, in stock, about five per article; the
 * articles' opening stock (through moveStock) is their tags, one less for a tenth (a surplus at the count) and two
 * more for another tenth (units short). Each inventory is started through the API, then its reads are written:
 * one handheld 'seen' movement per tag except one in 64 (missing) and per tag that had left the stock (seen again:
 * unexpected), and one handheld session through the API with unknown EPCs and second reads of counted tags.
 */
const PORT = 8208;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const DB = 'tagstock_bench_inventories';
const LOCATION = 'Réserve principale';
const IMEI = '356938035643977';
/** One expected tag in MISSING_EVERY is not read (about 1.6 %). */
const MISSING_EVERY = 64;
const REQUESTS = Number(process.env.BENCH_INVENTORY_REQUESTS ?? 100);
const WARMUP = 10;
/** An endpoint slower than this (ms, after its warm-up) is measured on fewer requests, at least 3. */
const BUDGET_MS = Number(process.env.BENCH_INVENTORY_BUDGET_MS ?? 60_000);
const KINDS = (process.env.BENCH_INVENTORY_DATABASES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
// 101,400 expected tags, 1,584 of them missing: 99,816 found and 203 out of stock seen again, 100,019 counted.
const LARGE = {
  articles: Number(process.env.BENCH_INVENTORY_ARTICLES ?? 20_000),
  tags: Number(process.env.BENCH_INVENTORY_TAGS ?? 101_400),
};
const SMALL = { articles: 200, tags: 1014 };

type Size = typeof LARGE;
const label = (s: Size) => `${s.tags.toLocaleString('en')} tags`;
/** Tags out of stock (seen again during the count), EPCs bound to nothing, second reads: in proportion. */
const extras = (s: Size) => ({
  out: Math.round(s.tags / 500),
  unknown: Math.round(s.tags / 200),
  rereads: Math.round(s.tags / 50),
});
const epc = (prefix: 'BE' | 'FE', g: number) => prefix + g.toString(16).toUpperCase().padStart(22, '0');
const sqlEpc = (g: ReturnType<typeof sql>) => sql`'BE' || upper(lpad(to_hex(${g}), 22, '0'))`;
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (ok: boolean) => (ok ? '✅' : '❌ missed');

/** Categories, consumers and their attributions, articles, tags and the opening stock of tenant `t`. */
export async function seedStock(database: Database, t: number, size: Size) {
  const { out } = extras(size);
  await withTenant(database.db, t, async (tx) => {
    await tx.execute(sql`
      insert into categories (tenant_id, name)
      select ${t}, 'Inventaire bench ' || lpad(g::text, 2, '0') from generate_series(1, 20) g`);
    await tx.execute(sql`
      insert into consumers (tenant_id, name, kind)
      select ${t}, 'Porteur bench ' || lpad(g::text, 3, '0'), 'person' from generate_series(1, 50) g`);
    const categories = sql`array(select id from categories where tenant_id = ${t} and name like 'Inventaire bench %' order by id)`;
    const consumers = sql`array(select id from consumers where tenant_id = ${t} and name like 'Porteur bench %' order by id)`;
    await tx.execute(sql`
      insert into articles (tenant_id, reference, designation, quantity, price_ht, vat_rate, price_ttc, unit_price,
        stock_alert, category_id)
      select ${t}, 'INVB-' || lpad(g::text, 6, '0'), 'Article inventorié ' || g, 0, p, 20, round(p * 1.2, 2),
             round(p * 0.6, 2), 0, (${categories})[1 + g % 20]
      from generate_series(1, ${size.articles}::int) g,
        lateral (select round((2 + (g * 7919) % 20000 / 100.0)::numeric, 2) as p) x`);
    const article = sql`articles a on a.tenant_id = ${t} and a.reference = 'INVB-' || lpad(n::text, 6, '0')`;
    await tx.execute(sql`
      insert into attributions (tenant_id, consumer_id, article_id, start_date)
      select ${t}, (${consumers})[1 + (n / 4) % 50], a.id, current_date - 30
      from generate_series(1, ${size.articles}::int) n join ${article} where n % 4 = 1`);
    await tx.execute(sql`
      insert into category_attributions (tenant_id, consumer_id, category_id, start_date)
      select ${t}, (${consumers})[k], (${categories})[k], current_date - 30 from generate_series(1, 5) k`);
    // Tag g is the article's (g - 1) % articles + 1; the last `out` tags left the stock before the count.
    await tx.execute(sql`
      insert into tags (tenant_id, epc, article_id, status, in_stock, last_location)
      select ${t}, ${sqlEpc(sql`g`)}, a.id, 'active', g <= ${size.tags}, ${LOCATION}
      from generate_series(1, ${size.tags + out}::int) g
        cross join lateral (select 1 + (g - 1) % ${size.articles}::int as n) x join ${article}`);
    // Tag g is the article's (g - 1) % articles + 1: article n has (tags - n) / articles + 1 tags in stock.
    const opening = await queryRows<{ articleId: number; delta: number }>(
      tx,
      sql`select a.id as "articleId", (${size.tags}::int - n) / ${size.articles}::int + 1
            + case n % 10 when 0 then -1 when 5 then 2 else 0 end as delta
          from generate_series(1, ${size.articles}::int) n join ${article} order by a.id`,
    );
    const changes = opening.filter((o) => o.delta > 0).map((o) => ({ ...o, reason: 'opening' as const }));
    for (let i = 0; i < changes.length; i += 10_000)
      await moveStock(tx, { tenantId: t, userId: null }, changes.slice(i, i + 10_000));
  });
  const tables = ['categories', 'consumers', 'articles', 'attributions', 'category_attributions', 'tags'];
  for (const table of [...tables, 'stock_movements'])
    await database.owner.execute(sql`vacuum analyze ${sql.identifier(table)}`);
}

/** The handheld reads of one count, written after its start: every tag but the missing ones, in one statement. */
export async function writeReads(tx: Tx, t: number, size: Size, terminalId: number) {
  const { out } = extras(size);
  await tx.execute(sql`
    insert into tag_movements (tenant_id, event_type, epc, tag_id, article_id, terminal_id, location, source, seen_at)
    select ${t}, 'seen', x.epc, x.id, x.article_id, ${terminalId}, ${LOCATION}, 'handheld', now()
    from generate_series(1, ${size.tags + out}::int) g
      join tags x on x.tenant_id = ${t} and x.epc = ${sqlEpc(sql`g`)}
    where g > ${size.tags} or g % ${MISSING_EVERY} <> 0`);
}

/**
 * One API call over node:http, without a client timeout: fetch gives up on headers after 300 s, and a finish may
 * take longer. Any answer but 200 or 201 stops the benchmark.
 */
function call<T>(authorization: string, method: string, path: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/backend/api${path}`,
      {
        method,
        headers: { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) },
        // A new connection each time: a kept-alive one may have been closed while PGlite held the event loop.
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          res.statusCode === 200 || res.statusCode === 201
            ? resolve(JSON.parse(text) as T)
            : reject(new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

type Finish = {
  ms: number;
  rss: [number, number, number];
  heap: [number, number, number];
  load: string;
  totals: Record<string, number | string>;
};

/** One inventory of tenant `t`: created and started through the API, read, then finished (timed, with memory). */
async function countAndFinish(
  database: Database,
  t: number,
  authorization: string,
  size: Size,
  terminalId: number,
  applyAdjustments: boolean,
) {
  const api = <T>(method: string, path: string, body?: unknown) => call<T>(authorization, method, path, body);
  const { id } = await api<{ id: number }>('POST', '/inventories', { scope: { kind: 'all' } });
  const s0 = performance.now();
  await api('POST', `/inventories/${id}/status`, { status: 'started' });
  const startMs = performance.now() - s0;
  const r0 = performance.now();
  await withTenant(database.db, t, (tx) => writeReads(tx, t, size, terminalId));
  const readsMs = performance.now() - r0;
  // One handheld session through the API: EPCs bound to nothing and second reads of tags counted above.
  const { unknown, rereads } = extras(size);
  const now = new Date().toISOString();
  const reads = [
    ...Array.from({ length: unknown }, (_, i) => epc('FE', i + 1)),
    ...Array.from({ length: rereads }, (_, i) => 1 + i * 50)
      .filter((g) => g % MISSING_EVERY !== 0)
      .map((g) => epc('BE', g)),
  ].map((e) => ({ epc: e, firstSeenAt: now }));
  const session = await api<{ reads: number; known: number }>('POST', '/terminals/sessions', {
    sessionId: randomUUID(),
    imei: IMEI,
    location: LOCATION,
    reads,
  });
  // PGlite held the event loop while it wrote: let the idle timers run before the timed request.
  await sleep(1000);
  const [movements] = await withTenant(database.db, t, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from tag_movements where tenant_id = ${t}
          and id > (select counted_until from inventories where id = ${id})`,
    ),
  );
  const load = loadAverage();
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heap: before.heapUsed };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  }, 25);
  const f0 = performance.now();
  await api('POST', `/inventories/${id}/status`, { status: 'finished', applyAdjustments });
  const ms = performance.now() - f0;
  clearInterval(sampler);
  const after = process.memoryUsage();
  const inv = await api<{ totals: Record<string, number | string>; adjustedAt: string | null }>(
    'GET',
    `/inventories/${id}`,
  );
  const [effects] = await withTenant(database.db, t, (tx) =>
    queryRows<{ gaps: number; adjusted: number; moved: number; suspected: number }>(
      tx,
      sql`select (select count(*)::int from inventory_lines where inventory_id = ${id} and gap <> 0) as gaps,
            (select count(*)::int from stock_movements where tenant_id = ${t} and source_type = 'inventory'
              and source_id = ${id}) as adjusted,
            (select coalesce(sum(delta), 0)::int from stock_movements where tenant_id = ${t}
              and source_type = 'inventory' and source_id = ${id}) as moved,
            (select count(*)::int from lost_articles where tenant_id = ${t} and inventory_id = ${id}
              and status = 'suspected') as suspected`,
    ),
  );
  const finish: Finish = {
    ms,
    rss: [mib(before.rss), mib(peak.rss), mib(after.rss)],
    heap: [mib(before.heapUsed), mib(peak.heap), mib(after.heapUsed)],
    load,
    totals: inv.totals,
  };
  return {
    id,
    startMs,
    readsMs,
    movements: movements!.n,
    session,
    finish,
    adjustedAt: inv.adjustedAt,
    ...effects!,
  };
}

/** Whether PostgreSQL's autovacuum had analyzed the count's tables when the figures were taken (PGlite never does). */
async function analyzed(database: Database) {
  const rows = await queryRows<{ relname: string; at: string | null }>(
    database.owner,
    sql`select relname, coalesce(last_autoanalyze, last_analyze)::text as at from pg_stat_user_tables
        where relname in ('tag_movements', 'inventory_tags', 'inventory_lines') order by relname`,
  );
  return rows.map((r) => `${r.relname} ${r.at ? 'analyzed' : 'never analyzed'}`).join(', ');
}

const gapPaths = (t: number, inventoryId: number) => [
  `/dashboard/sum-ecart/${t}`,
  `/dashboard/sum-ecart-en-valeur/${t}`,
  `/dashboard/ecartAttribution/${t}`,
  `/dashboard/getinventory/${t}`,
  `/dashboard/client/${t}/latest-inventaire-count`,
  `/gaps?by=article&inventoryId=${inventoryId}`,
  `/gaps?by=attribution&inventoryId=${inventoryId}`,
  `/gaps?by=category&inventoryId=${inventoryId}`,
];

/** How much an endpoint answered: rows, or the widget's object. */
const answered = (body: string) => {
  const data = JSON.parse(body) as { rows?: unknown[] } | unknown[] | null;
  if (Array.isArray(data)) return `${data.length} rows`;
  if (data && 'rows' in data) return `${data.rows!.length} rows`;
  return data ? 'one inventory' : 'none';
};

/** Both inventories of one size, then its gap endpoints. */
async function runSize(database: Database, email: string, size: Size) {
  const { token, tenantId: t } = await signInSession(base, email, PASSWORD);
  const authorization = `Bearer ${token}`;
  const s0 = performance.now();
  await seedStock(database, t, size);
  const seedMs = performance.now() - s0;
  const terminal = await call<{ id: number }>(authorization, 'POST', '/terminals', { model: 'TC21', imei: IMEI });
  const terminalId = terminal.id;
  await sleep(1000);
  const a = await countAndFinish(database, t, authorization, size, terminalId, false);
  const statsA = await analyzed(database);
  const b = await countAndFinish(database, t, authorization, size, terminalId, true);
  const statsB = await analyzed(database);
  await sleep(1000);
  const loadGaps = loadAverage();
  const endpoints = [];
  for (const path of gapPaths(t, b.id)) {
    const r = await sequentialGets(`${base}/backend/api${path}`, authorization, REQUESTS, WARMUP, BUDGET_MS);
    endpoints.push({ path: path.replaceAll(`/${t}`, '/{tenant}').replace(`=${b.id}`, '={id}'), ...r });
  }
  return { t, seedMs, a, b, statsA, statsB, loadGaps, endpoints };
}

export async function inventoriesBench(): Promise<void> {
  const finishRows = [
    `| database | measure | ${label(LARGE)} over ${LARGE.articles.toLocaleString('en')} articles | baseline: ${label(SMALL)} over ${SMALL.articles} articles, same run | target |`,
    '|---|---|---|---|---|',
  ];
  const gapRows = [
    `| database | endpoint | ${label(LARGE)}: p50 | p95 | max | requests | answer | baseline ${label(SMALL)}: p50 / p95 | target |`,
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const notes: string[] = [];
  for (const kind of KINDS) {
    const server = await inProcessApp(kind, DB, PORT, PASSWORD);
    const { database } = server;
    try {
      // The baseline in the Demo tenant, the large count in Acme: each inventory counts its tenant's whole stock.
      const small = await runSize(database, 'admin@demo.test', SMALL);
      const large = await runSize(database, 'admin@acme.test', LARGE);
      const row = (measure: string, l: string, s: string, target = '') =>
        finishRows.push(`| ${kind} | ${measure} | ${l} | ${s} | ${target} |`);
      row(
        'start (draft → started: expected tags and lines snapshot), inventories a / b',
        `${sec(large.a.startMs)} / ${sec(large.b.startMs)}`,
        `${sec(small.a.startMs)} / ${sec(small.b.startMs)}`,
      );
      row(
        '**(a) finish without adjustments**: last reads taken in, every line recomputed, missing tags suspected lost',
        `**${sec(large.a.finish.ms)}**`,
        sec(small.a.finish.ms),
        `≤ 5 s ${mark(large.a.finish.ms <= 5000)}`,
      );
      row(
        '**(b) finish with adjustments**: the same on a second inventory of the same data, plus the gaps applied through moveStock',
        `**${sec(large.b.finish.ms)}**`,
        sec(small.b.finish.ms),
        `≤ 10 s ${mark(large.b.finish.ms <= 10_000)}`,
      );
      row(
        "b − a: the adjustments (moveStock), plus what (a)'s history adds to (b)'s suspected-lost marking",
        sec(large.b.finish.ms - large.a.finish.ms),
        sec(small.b.finish.ms - small.a.finish.ms),
      );
      for (const [name, f, g] of [
        ['(a)', large.a.finish, small.a.finish],
        ['(b)', large.b.finish, small.b.finish],
      ] as const) {
        row(
          `${name} process RSS: before → peak (sampled every 25 ms) → after`,
          `${f.rss[0]} → ${f.rss[1]} → ${f.rss[2]} MiB`,
          `${g.rss[0]} → ${g.rss[1]} → ${g.rss[2]} MiB`,
        );
        row(
          `${name} JS heap used: before → peak → after`,
          `${f.heap[0]} → ${f.heap[1]} → ${f.heap[2]} MiB`,
          `${g.heap[0]} → ${g.heap[1]} → ${g.heap[2]} MiB`,
        );
      }
      for (const [i, e] of large.endpoints.entries()) {
        const s = small.endpoints[i]!;
        gapRows.push(
          `| ${kind} | ${e.path} | ${fmtMs(e.p50)} | **${fmtMs(e.p95)}** | ${fmtMs(e.max)} | ${e.n} | ${answered(e.body)} | ${fmtMs(s.p50)} / ${fmtMs(s.p95)} | ≤ 50 ms ${mark(e.p95 <= 50)} |`,
        );
      }
      for (const [name, r] of [
        ['large', large],
        ['baseline', small],
      ] as const) {
        const count = (x: typeof r.a) => {
          const tt = x.finish.totals;
          return (
            `${x.movements.toLocaleString('en')} movements to take in (${(x.readsMs / 1000).toFixed(1)} s in SQL, then a handheld session of ` +
            `${x.session.reads} reads, ${x.session.known} known); totals: ${tt.articles} lines, theoretical ${tt.theoretical}, counted ${tt.counted}, ` +
            `gap ${tt.gap} (${tt.gapValue}), tags expected ${tt.tagsExpected}, found ${tt.tagsFound}, missing ${tt.tagsMissing}, ` +
            `unexpected ${tt.tagsUnexpected}, unknown ${tt.tagsUnknown}; ${x.gaps} lines with a gap; ${x.suspected} tags suspected lost; ` +
            `stock movements written ${x.adjusted} (net ${x.moved}), adjusted ${x.adjustedAt ? 'yes' : 'no'}; load average at the finish ${x.finish.load}`
          );
        };
        notes.push(
          `${kind}, ${name} (${label(name === 'large' ? LARGE : SMALL)}): data seeded in ${(r.seedMs / 1000).toFixed(1)} s; ` +
            `(a) ${count(r.a)}; statistics then: ${r.statsA}. (b) ${count(r.b)}; statistics then: ${r.statsB}. ` +
            `Gap endpoints on (b) beside (a), load average ${r.loadGaps}.`,
        );
      }
    } finally {
      await server.close();
    }
  }
  record(
    `Inventories: finishing ${label(LARGE)} over ${LARGE.articles.toLocaleString('en')} articles, gap endpoints (server in process, HTTP, one client, ${REQUESTS} sequential requests each after ${WARMUP})`,
    [
      'Machine: 2 cores shared with other work. (a) and (b) are two inventories of the whole stock in a row on the same ' +
        'data, each with its own reads written after its start: (a) finished without adjustments, (b) with them; b − a ' +
        "is the adjustments (moveStock, its stock movements and log) plus what (a)'s missed tags add to (b)'s " +
        'suspected-lost marking (it reads every finished inventory of the missing tags). Each finish is one HTTP ' +
        'request (POST /inventories/:id/status), nothing taken in before it. Memory is the whole process (server, client ' +
        "and, on PGlite, the database's WASM heap).",
      '',
      ...finishRows,
      '',
      ...gapRows,
      '',
      ...notes.map((n) => `- ${n}`),
    ],
  );
}
