import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { articleListSpec } from '../apps/api/src/modules/articles/articles.repository';
import { listQueries } from '../apps/api/src/platform/pagination';
import { dropDatabase, freshDatabase, load, record, root, startProcess, stop } from './lib';

const DB = 'tagstock_bench';
const PORT = 8194;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const QUERY = { search: 'perceuse ergo', sort: 'designation:asc', page: 1, limit: 50 } as const;

function vmHwmMiB(pid: number): number {
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function importCsv(rows: number): string {
  const lines = ['reference,designation,size,priceHt,vatRate,stockAlert,quantity,category,supplier'];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `IMP-${String(i).padStart(6, '0')},Article importé ${i},M,${(i % 900) + 1}.${String(i % 100).padStart(2, '0')},20,5,${i % 40},Outillage,Fournisseur 00042`,
    );
  }
  return lines.join('\n') + '\n';
}

export async function catalog(): Promise<void> {
  const databaseUrl = await freshDatabase(DB);
  const env = {
    PORT: String(PORT),
    DATABASE_URL: databaseUrl,
    DEMO_PASSWORD: PASSWORD,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  };

  const server = await startProcess('apps/api/src/main.ts', env, `${base}/backend/health`);
  const t0 = performance.now();
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/seed/seed-large.ts', '--orders', '0'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seed:large failed');
  const seedMs = performance.now() - t0;

  const signIn = await fetch(`${base}/backend/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
  });
  const { token, user } = (await signIn.json()) as { token: string; user: { IDClient: string } };
  const qs = new URLSearchParams({ search: QUERY.search, sort: QUERY.sort, page: '1', limit: String(QUERY.limit) });
  const sample = (await (
    await fetch(`${base}/backend/api/articles?${qs}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { total: number };
  const list = await load({ url: `${base}/backend/api/articles?${qs}`, headers: { authorization: `Bearer ${token}` } });

  // The same SQL text and parameters, compiled once, for the bare route and for EXPLAIN.
  const tenantId = Number(user.IDClient);
  const dialect = new PgDialect();
  const { page, count } = listQueries(articleListSpec(tenantId, QUERY), QUERY);
  const queries = [page, count].map((q) => dialect.sqlToQuery(q));
  // The bare route runs as the table owner: same statements, without auth and the tenant transaction around them.
  const bare = await startProcess(
    'bench/bare-articles.ts',
    {
      PORT: '8195',
      DATABASE_URL: databaseUrl,
      BENCH_TENANT: String(tenantId),
      BENCH_SQL: JSON.stringify(queries.map((q) => ({ text: q.sql, params: q.params }))),
    },
    'http://127.0.0.1:8195/bare',
  );
  const baseline = await load({ url: 'http://127.0.0.1:8195/bare' });
  await stop(bare.proc);

  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  // The plan as the API runs it: under the app role, with row-level security.
  await c.query('begin');
  await c.query(`select set_config('app.tenant_id', $1, true), set_config('role', 'tagstock_app', true)`, [
    String(tenantId),
  ]);
  const plan = (await c.query(`explain analyze ${queries[0]!.sql}`, queries[0]!.params)).rows.map(
    (r: Record<string, string>) => String(r['QUERY PLAN']),
  );
  await c.query('rollback');
  await c.end();

  // Import of 50,000 articles through the API.
  const form = new FormData();
  form.append('file', new Blob([importCsv(50_000)], { type: 'text/csv' }), 'articles.csv');
  const i0 = performance.now();
  const imported = await fetch(`${base}/backend/api/articles/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const importMs = performance.now() - i0;
  const report = (await imported.json()) as { created: number; updated: number; applied: boolean };
  const peak = vmHwmMiB(server.proc.pid!);
  await stop(server.proc);
  await dropDatabase(DB);

  const ratio = (list.reqPerSec / baseline.reqPerSec).toFixed(2);
  record('Catalog (PostgreSQL 15, one process, 100,000 articles, autocannon 32 connections × 10 s)', [
    '| measure | value | target |',
    '|---|---|---|',
    `| seed:large (100,000 articles, 2,000 suppliers, 20,000 customers) | ${Math.round(seedMs)} ms | |`,
    `| GET /articles?search=${QUERY.search}&sort=${QUERY.sort}&limit=50 (${sample.total} matches) | ${list.reqPerSec} req/s, p50 ${list.p50} ms, p99 ${list.p99} ms, non-2xx ${list.non2xx} | p99 ≤ 50 ms |`,
    `| baseline: bare Fastify route, same SQL, same run | ${baseline.reqPerSec} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms | |`,
    `| ratio list ÷ bare | ${ratio} | ≥ 0.7 |`,
    `| import of 50,000 articles (CSV, one transaction) | ${(importMs / 1000).toFixed(1)} s, status ${imported.status}, created ${report.created}, updated ${report.updated} | ≤ 30 s |`,
    `| server peak resident memory (VmHWM) after the import | ${peak} MiB | ≤ 500 MB |`,
    '',
    'Plan of the list query:',
    '',
    '```',
    ...plan,
    '```',
  ]);
}
