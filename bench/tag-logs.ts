import { PgDialect } from 'drizzle-orm/pg-core';
import { tagLogSpec } from '../apps/api/src/modules/rfid/tag-logs';
import { listQueries } from '../apps/api/src/platform/pagination';
import { dropDatabase, fillMovementsSql, freshDatabase, load, record, runSql, startProcess, stop } from './lib';

/**
 * The tag logs screen of a busy site: one million movements (half an hour of a gate at 500 walk-outs/s), read
 * through the API as the screen reads them, against a bare route running the same SQL.
 */
const DB = 'tagstock_bench_logs';
const PORT = 8199;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const MOVEMENTS = 1_000_000;

export async function tagLogs(): Promise<void> {
  const databaseUrl = await freshDatabase(DB);
  const server = await startProcess(
    'apps/api/src/main.ts',
    { PORT: String(PORT), DATABASE_URL: databaseUrl, DEMO_PASSWORD: PASSWORD, LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
    `${base}/backend/health`,
  );
  const t0 = performance.now();
  await runSql(databaseUrl, [fillMovementsSql(MOVEMENTS), 'vacuum analyze tag_movements']);
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
  await dropDatabase(DB);

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
