import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  articleImportCsv,
  load,
  loadAverage,
  record,
  root,
  signIn,
  startProcess,
  stop,
  probeDuring,
  type Probed,
} from './lib';

/**
 * A 100,000-row article import through the real server and route on the embedded database (PGlite, one query at
 * a time), while `/backend/health` is probed: its latency against the idle server measured in the same run, and
 * the import's rows per second. Then the same file again (every row an update).
 */
const PORT = 8194;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
// The catalogue the import lands in, as in the health benchmark.
const ARTICLES = 200_000;
const IMPORTED = 100_000;
const PROBE = { url: `${base}/backend/health`, connections: 4, duration: 10 } as const;

const mark = (ok: boolean) => (ok ? '✅' : '❌ missed');

export async function importBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tagstock-bench-import-'));
  const env = { PORT: String(PORT), DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' };
  // PGlite is one process's: seed before the server opens the folder.
  const seedArgs = ['--articles', String(ARTICLES), '--suppliers', '200', '--customers', '200', '--orders', '0'];
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/seed/seed-large.ts', ...seedArgs], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seed:large failed');
  const server = await startProcess('apps/api/src/main.ts', env, `${base}/backend/health`);
  try {
    const token = await signIn(base, 'admin@demo.test', PASSWORD);
    const loadBefore = loadAverage();
    const idleLoad = await load(PROBE);
    const idle: Probed = { ...idleLoad, max: NaN };
    const csv = articleImportCsv(IMPORTED);
    const importOnce = async () => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'articles.csv');
      const res = await fetch(`${base}/backend/api/articles/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: res.status, report: (await res.json()) as { created?: number; updated?: number } };
    };
    const first = await probeDuring(PROBE.url, importOnce);
    const again = await probeDuring(PROBE.url, importOnce);
    const loadAfter = loadAverage();

    const line = (
      label: string,
      run: { result: Awaited<ReturnType<typeof importOnce>>; probed: Probed; ms: number },
    ) => {
      const { probed: p, result, ms } = run;
      const rowsPerSec = Math.round(IMPORTED / (ms / 1000));
      return (
        `| ${label} | p50 ${p.p50} ms, **p99 ${p.p99} ms**, max ${p.max} ms, ${p.reqPerSec} req/s, errors ${p.errors}, ` +
        `non-2xx ${p.non2xx} | **${rowsPerSec} rows/s** (${(ms / 1000).toFixed(1)} s, status ${result.status}, ` +
        `created ${result.report.created}, updated ${result.report.updated}) | p99 ≤ 100 ms ${mark(p.p99 <= 100)}; ` +
        `≥ 2,000 rows/s ${mark(rowsPerSec >= 2000)} |`
      );
    };
    record(
      `Import of ${IMPORTED} articles (PGlite, real server and route, autocannon 4 connections on /backend/health)`,
      [
        `Catalogue of ${ARTICLES} articles (seed:large). Machine: 2 cores, load average ${loadBefore} before, ` +
          `${loadAfter} after (other work on the machine moves the figures: compare with the baseline).`,
        '',
        '| measure | /backend/health during it | import | target |',
        '|---|---|---|---|',
        `| baseline: idle server, 10 s | p50 ${idle.p50} ms, **p99 ${idle.p99} ms**, ${idle.reqPerSec} req/s, errors ${idle.errors} | | |`,
        line(`CSV import of ${IMPORTED} new articles (chunks sized to about 20 ms per transaction)`, first),
        line(`the same file again (every row an update)`, again),
      ],
    );
  } finally {
    await stop(server.proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
