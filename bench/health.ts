import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { articleImportCsv, load, record, root, startProcess, stop, type Load } from './lib';

/**
 * One slow client never freezes the server: `/backend/health` latency on the embedded database (PGlite, one query
 * at a time) while a client stalls a 200,000-row export, and while a 100,000-row import runs, against the idle
 * server in the same run.
 */
const PORT = 8193;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const ARTICLES = 200_000;
const IMPORTED = 100_000;
const PROBE = { url: `${base}/backend/health`, connections: 4, duration: 10 } as const;

/** A client that asks for the export, reads 128 KB and stops reading (connected until `close`). */
function stalledExport(token: string): Promise<{ received: number; close(): void }> {
  return new Promise((resolve, reject) => {
    const socket = connect(PORT, '127.0.0.1');
    let received = 0;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= 128 * 1024 && !socket.isPaused()) {
        socket.pause();
        resolve({ received, close: () => socket.destroy() });
      }
    });
    socket.write(
      `GET /backend/api/articles/export?format=csv HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
  });
}

const row = (label: string, r: Load, extra = '') =>
  `| ${label} | p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.reqPerSec} req/s, errors ${r.errors}, non-2xx ${r.non2xx}${extra} | p99 ≤ 100 ms |`;

export async function health(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tagstock-bench-health-'));
  const env = { PORT: String(PORT), DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, LOGIN_RATE_LIMIT_PER_MINUTE: '100000' };
  const s0 = performance.now();
  // PGlite is one process's: seed before the server opens the folder.
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/seed/seed-large.ts',
      '--articles',
      String(ARTICLES),
      '--suppliers',
      '200',
      '--customers',
      '200',
      '--orders',
      '0',
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('seed:large failed');
  const seedMs = performance.now() - s0;
  const server = await startProcess('apps/api/src/main.ts', env, `${base}/backend/health`);
  try {
    const signIn = await fetch(`${base}/backend/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };

    const idle = await load(PROBE);

    const stalled = await stalledExport(token);
    const duringExport = await load(PROBE);
    stalled.close();

    const form = new FormData();
    form.append('file', new Blob([articleImportCsv(IMPORTED)], { type: 'text/csv' }), 'articles.csv');
    const i0 = performance.now();
    // Probe for as long as the import runs.
    const probe = autocannon({ ...PROBE, duration: 600 }, () => undefined);
    const probed = new Promise<autocannon.Result>((resolve) => probe.on('done', resolve));
    const imported = await fetch(`${base}/backend/api/articles/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const importMs = performance.now() - i0;
    const report = (await imported.json()) as { created: number; updated: number };
    probe.stop();
    const r = await probed;
    const duringImport: Load = {
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    };

    record('Health under slow clients (PGlite, one process, autocannon 4 connections on /backend/health)', [
      '| measure | value | target |',
      '|---|---|---|',
      `| seed:large (${ARTICLES} articles) on PGlite | ${Math.round(seedMs)} ms | |`,
      `${row('baseline: idle server, 10 s', idle).replace(' p99 ≤ 100 ms |', ' |')}`,
      row(
        `during a stalled export of ${ARTICLES} articles (client read ${stalled.received} bytes, then stopped), 10 s`,
        duringExport,
      ),
      row(
        `during an import of ${IMPORTED} articles (CSV, chunks sized to about 20 ms per transaction)`,
        duringImport,
        `; import ${(importMs / 1000).toFixed(1)} s, status ${imported.status}, created ${report.created}`,
      ),
    ]);
  } finally {
    await stop(server.proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
