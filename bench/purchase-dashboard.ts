import { spawnSync } from 'node:child_process';
import { dropDatabase, freshDatabase, record, root, startProcess, stop } from './lib';

/**
 * The purchase dashboard endpoints on 100,000 orders / 1,000,000 lines (PostgreSQL, `seed:large`): one client,
 * requests one after the other, p50 and p95 of each, against `/backend/health` in the same run.
 */
const PORT = 8196;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const DB = 'tagstock_bench_purchase_dashboard';
const REQUESTS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function timings(url: string, token?: string) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 10; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= 10) times.push(performance.now() - t0); // the first ten warm up
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

export async function purchaseDashboard(): Promise<void> {
  const databaseUrl = await freshDatabase(DB);
  const env = { PORT: String(PORT), DATABASE_URL: databaseUrl, DEMO_PASSWORD: PASSWORD };
  const server = await startProcess('apps/api/src/main.ts', env, `${base}/backend/health`);
  try {
    const t0 = performance.now();
    const args = ['--articles', '20000', '--suppliers', '2000', '--customers', '100', '--orders', '100000'];
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/seed/seed-large.ts', ...args], {
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
    const id = user.IDClient;
    const f = (d: Date) => d.toISOString().slice(0, 10);
    const yearAgo = f(new Date(Date.now() - 365 * 86_400_000));
    const paths = [
      `commandeEnCours/${id}`,
      `achats/${id}`,
      `top-5-fournisseur-by-quantity/${id}`,
      `top-5-fournisseur-by-quantity/${id}?startDate=${yearAgo}&endDate=${f(new Date())}`,
      `count-articles-quantity/${id}`,
      `count-articles-quantity/${id}?startDate=${yearAgo}&endDate=${f(new Date())}`,
      `mostRepeatedReferences/${id}`,
    ];
    const baseline = await timings(`${base}/backend/health`);
    const lines = [
      `seed:large with 100,000 orders / 1,000,000 lines (20,000 articles, 2,000 suppliers): ${Math.round(seedMs)} ms`,
      '',
      '| endpoint | p50 | p95 | target |',
      '|---|---|---|---|',
      `| baseline: /backend/health | ${baseline.p50.toFixed(1)} ms | ${baseline.p95.toFixed(1)} ms | |`,
    ];
    for (const path of paths) {
      const t = await timings(`${base}/backend/api/dashboard/${path}`, token);
      const verdict = t.p95 <= 50 ? '≤ 50 ms ✅' : '≤ 50 ms — **missed**';
      lines.push(`| ${path.replace(id, '{id}')} | ${t.p50.toFixed(1)} ms | ${t.p95.toFixed(1)} ms | ${verdict} |`);
    }
    record(`Purchase dashboard (PostgreSQL, one client, ${REQUESTS} sequential requests each)`, lines);
  } finally {
    await stop(server.proc);
    await dropDatabase(DB).catch(() => undefined);
  }
}
