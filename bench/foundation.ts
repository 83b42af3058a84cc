import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { execSync } from 'node:child_process';
import { load, record, root, rssMiB, startProcess, stop } from './lib';

const SERVER = 'apps/api/dist/main.mjs';

const PASSWORD = 'bench-password-1';
// BENCH_PORT: another port when several checkouts run benchmarks on one machine (the bare server takes the next one).
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const BARE_PORT = PORT + 1;
const base = `http://127.0.0.1:${PORT}`;

/** Gzip size of every script the sign-in page loads, as a real browser fetches them. */
async function signInPageJs(): Promise<{ files: number; gzipKB: number }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  // Each body is read before the browser closes (a body read after it throws).
  const reads: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') reads.push(res.body());
  });
  await page.goto(`${base}/auth/sign-in`, { waitUntil: 'networkidle' });
  let bodies: Buffer[] = [];
  while (bodies.length < reads.length) bodies = await Promise.all(reads);
  await browser.close();
  const bytes = bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  return { files: bodies.length, gzipKB: Math.round(bytes / 102.4) / 10 };
}

export async function foundation(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tagstock-bench-'));
  const env = { PORT: String(PORT), DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, LOGIN_RATE_LIMIT_PER_MINUTE: '100000' };
  const health = `${base}/backend/health`;

  // What `npm start` runs once its build step is done.
  execSync('node scripts/ensure-build.mjs', { cwd: root, stdio: 'inherit' });
  const first = await startProcess(SERVER, env, health);
  await stop(first.proc);
  const again = await startProcess(SERVER, env, health);
  const rss = rssMiB(again.proc.pid!);

  const signIn = await fetch(`${base}/backend/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const me = await load({ url: `${base}/backend/api/auth/me`, headers: { authorization: `Bearer ${token}` } });
  const js = await signInPageJs();
  await stop(again.proc);

  const bare = await startProcess(
    'bench/bare-server.ts',
    { PORT: String(BARE_PORT) },
    `http://127.0.0.1:${BARE_PORT}/bare`,
  );
  const baseline = await load({ url: `http://127.0.0.1:${BARE_PORT}/bare` });
  await stop(bare.proc);
  rmSync(dataDir, { recursive: true, force: true });

  const ratio = (me.reqPerSec / baseline.reqPerSec).toFixed(2);
  record('Foundation (PGlite, one process, autocannon 32 connections × 10 s)', [
    '| measure | value | target |',
    '|---|---|---|',
    `| GET /backend/api/auth/me (authenticated) | ${me.reqPerSec} req/s, p50 ${me.p50} ms, p99 ${me.p99} ms, non-2xx ${me.non2xx} | |`,
    `| baseline: bare Fastify route, same run | ${baseline.reqPerSec} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms | |`,
    `| ratio auth/me ÷ bare | ${ratio} | ≥ 0.5 |`,
    `| start to first 200 on /backend/health, new data folder (laid out from the build's template, demo year written) | ${Math.round(first.ms)} ms | ≤ 15000 ms |`,
    `| start to first 200, existing data folder | ${Math.round(again.ms)} ms | ≤ 3000 ms |`,
    `| resident memory after start (existing folder) | ${rss} MiB | |`,
    `| JavaScript loaded by /auth/sign-in | ${js.files} files, ${js.gzipKB} KB gzip | ≤ 200 KB |`,
  ]);
}
