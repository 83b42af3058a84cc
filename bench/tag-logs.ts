import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { tagLogSpec } from '../apps/api/src/modules/rfid/tag-logs';
import { listQueries } from '../apps/api/src/platform/pagination';
import { load, record, startProcess, stop } from './lib';

/**
 * The tag logs screen of a busy site: one million movements (half an hour of a gate at 500 walk-outs/s), read
 * through the API as the screen reads them, against a bare route running the same SQL.
 */
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'tagstock_bench_logs';
const PORT = 8199;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const MOVEMENTS = 1_000_000;

async function admin(url: string, statements: string[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  for (const s of statements) await c.query(s);
  await c.end();
}

export async function tagLogs(): Promise<void> {
  await admin(ADMIN_URL, [`drop database if exists ${DB} with (force)`, `create database ${DB}`]);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB}`;
  const databaseUrl = url.toString();
  const server = await startProcess(
    'apps/api/src/main.ts',
    { PORT: String(PORT), DATABASE_URL: databaseUrl, DEMO_PASSWORD: PASSWORD, LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
    `${base}/backend/health`,
  );
  const t0 = performance.now();
  // A third of them OUT (one in seven of those unauthorized), a third IN, a third seen; one every 0.33 s.
  await admin(databaseUrl, [
    `insert into tag_movements (tenant_id, event_type, epc, article_id, reader_id, location, antenna, rssi, source,
       is_authorized, stock_delta, seen_at)
     select t.id, (array['OUT', 'IN', 'seen'])[g % 3 + 1], lpad(to_hex(g), 24, '0'),
       (select min(id) from articles a where a.tenant_id = t.id), (select min(id) from readers r where r.tenant_id = t.id),
       'Quai A — sortie', 2, -55, 'zebra', case when g % 3 = 0 then g % 7 <> 0 end, 0,
       now() - make_interval(secs => g / 3.0)
     from generate_series(1, ${MOVEMENTS}) g, (select id from tenants where name = 'Demo') t`,
    'vacuum analyze tag_movements',
  ]);
  const fillMs = performance.now() - t0;

  const signIn = await fetch(`${base}/backend/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
  });
  const { token, user } = (await signIn.json()) as { token: string; user: { IDClient: string } };
  const headers = { authorization: `Bearer ${token}` };
  const logs = (query: string) => `${base}/backend/api/redear/TagMouvement/${user.IDClient}?${query}`;
  const scenarios = [
    ['first page, newest first', 'page=1&limit=25'],
    ['OUT only', 'page=1&limit=25&eventType=OUT'],
    ['unauthorized only', 'page=1&limit=25&unauthorized=true'],
    ['search "quai" (matches all)', 'page=1&limit=25&search=quai'],
    ['page 400 (the last one the capped total reaches)', 'page=400&limit=25'],
  ] as const;
  const lines: string[] = [];
  for (const [label, query] of scenarios) {
    const sample = (await (await fetch(logs(query), { headers })).json()) as { total: number; totalCapped?: boolean };
    const r = await load({ url: logs(query), headers });
    lines.push(
      `| ${label} | ${r.reqPerSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx} (total ${sample.total}${sample.totalCapped ? '+' : ''}) | |`,
    );
  }
  // A term that matches almost nothing reads every movement: timed one request at a time.
  const rare = [];
  for (let i = 0; i < 3; i++) {
    const s0 = performance.now();
    await (await fetch(logs('page=1&limit=25&search=0000000000000abc'), { headers })).text();
    rare.push(performance.now() - s0);
  }
  lines.push(
    `| search matching almost nothing, one request at a time | ${rare.map((ms) => Math.round(ms)).join(', ')} ms | |`,
  );

  // Baseline: the first page's very SQL on a bare route (table owner, no auth, no tenant transaction).
  const tenantId = Number(user.IDClient);
  const q = { page: 1, limit: 25 };
  const { page, count } = listQueries(tagLogSpec(tenantId, {}), q);
  const dialect = new PgDialect();
  const bare = await startProcess(
    'bench/bare-articles.ts',
    {
      PORT: '8195',
      DATABASE_URL: databaseUrl,
      BENCH_TENANT: String(tenantId),
      BENCH_SQL: JSON.stringify(
        [page, count].map((x) => dialect.sqlToQuery(x)).map((x) => ({ text: x.sql, params: x.params })),
      ),
    },
    'http://127.0.0.1:8195/bare',
  );
  const baseline = await load({ url: 'http://127.0.0.1:8195/bare' });
  await stop(bare.proc);
  await stop(server.proc);
  await admin(ADMIN_URL, [`drop database if exists ${DB} with (force)`]);

  record(
    `Tag logs (PostgreSQL 15, one process, ${MOVEMENTS.toLocaleString('en')} movements, autocannon 32 connections × 10 s)`,
    [
      '| measure | value | target |',
      '|---|---|---|',
      `| fill: ${MOVEMENTS} movements, vacuum analyze | ${Math.round(fillMs)} ms | |`,
      ...lines,
      `| baseline: bare Fastify route, the first page's SQL (page + capped count), same run | ${baseline.reqPerSec} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms | |`,
    ],
  );
}
