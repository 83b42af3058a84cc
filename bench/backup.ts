import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, withPlatform, type Database } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/seed/seed';
import { seedLarge } from '../apps/api/src/seed/seed-large';
import { seedInvoices } from './invoicing';
import {
  fillMovementsSql,
  load,
  loadAverage,
  record,
  root,
  signIn,
  startProcess,
  stop,
  probeDuring,
  type Load,
  type Probed,
} from './lib';

/**
 * Backup and restore of the large data set on the embedded database (PGlite), through the real commands and a
 * real server: `npm run backup` while `/backend/health` is probed (against the idle server in the same run), the
 * archive's size; the same while a client keeps creating 10-line purchase orders (pages to flush, a WAL that
 * grows: the CHECKPOINT and the quiet pass have work); then `npm run restore` into an empty folder.
 * BENCH_BACKUP_ARTICLES, _ORDERS (purchase orders of
 * ten lines), _INVOICES, _MOVEMENTS (tag movements) size the data; BENCH_BACKUP_DATA_DIR=<folder> keeps the seeded
 * folder between runs (seeded when empty).
 */
const PORT = 8202;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const ARTICLES = Number(process.env.BENCH_BACKUP_ARTICLES ?? 100_000);
const ORDERS = Number(process.env.BENCH_BACKUP_ORDERS ?? 100_000);
const INVOICES = Number(process.env.BENCH_BACKUP_INVOICES ?? 100_000);
const MOVEMENTS = Number(process.env.BENCH_BACKUP_MOVEMENTS ?? 1_000_000);
const PROBE = { url: `${base}/backend/health`, connections: 4 } as const;
const MiB = 1024 * 1024;

/** Runs one of the commands as an operator would (`npm run backup` / `npm run restore`); answers its output. */
function command(script: 'backup-cli' | 'restore-cli', env: Record<string, string>, args: string[] = []) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/modules/backups/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited ${code}: ${out}`))));
  });
}

const folderBytes = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) => sum + (e.isDirectory() ? folderBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0,
  );

type Writes = { count: number; p50: number; p99: number };

/** One client creating 10-line purchase orders one after another until `stop()`; their latencies. */
async function orderWriter(token: string) {
  const call = async <T>(method: string, path: string, body?: object) => {
    const res = await fetch(`${base}/backend/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const [supplier] = (await call<{ items: { id: number }[] }>('GET', '/suppliers?limit=1')).items;
  const [mode] = (await call<{ items: { id: number }[] }>('GET', '/payment-modes?limit=1')).items;
  const articles = (await call<{ items: { id: number }[] }>('GET', '/articles?limit=10')).items;
  let stopped = false;
  const latencies: number[] = [];
  const running = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      await call('POST', '/purchase-orders', {
        supplierId: supplier!.id,
        paymentModeId: mode!.id,
        orderDate: new Date().toISOString().slice(0, 10),
        expectedDate: null,
        lines: articles.map((a, k) => ({
          articleId: a.id,
          quantity: 1 + k,
          unitPrice: '9.90',
          vatRate: '20',
          discount: '0',
        })),
      });
      latencies.push(performance.now() - t0);
    }
  })();
  return {
    async stop(): Promise<Writes> {
      stopped = true;
      await running;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
      return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
    },
  };
}

type Run = { fileName: string; sizeBytes: number; durationMs: number; quietMs: number; checkpointMs: number };
const lastRun = (backupDir: string) =>
  JSON.parse(readFileSync(join(backupDir, 'status.json'), 'utf8')).lastSuccess as Run;

async function seed(dataDir: string) {
  const database: Database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDemo(database.db, PASSWORD);
  await seedLarge(database, { tenant: 'Demo', articles: ARTICLES, suppliers: 2000, customers: 20_000, orders: ORDERS });
  const [demo] = await withPlatform(database.db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from tenants where name = 'Demo'`),
  );
  await seedInvoices(database, demo!.id, INVOICES, 0);
  await database.owner.execute(sql.raw(fillMovementsSql(MOVEMENTS)));
  await database.owner.execute(sql`vacuum analyze tag_movements`);
  await database.close();
}

async function counts(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await withPlatform(database.db, (tx) =>
      queryRows<{ articles: number; movements: number; invoices: number; orders: number; orderLines: number }>(
        tx,
        sql`select (select count(*)::int from articles) as articles, (select count(*)::int from tag_movements) as movements,
              (select count(*)::int from invoices) as invoices, (select count(*)::int from purchase_orders) as orders,
              (select count(*)::int from purchase_order_lines) as "orderLines"`,
      ),
    );
    return row!;
  } finally {
    await database.close();
  }
}

export async function backupBench(): Promise<void> {
  const keep = process.env.BENCH_BACKUP_DATA_DIR;
  const dataDir = keep ?? mkdtempSync(join(tmpdir(), 'tagstock-bench-backup-'));
  const work = mkdtempSync(join(tmpdir(), 'tagstock-bench-backup-work-'));
  const backupDir = join(work, 'backups');
  try {
    let seedMs = 0;
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      const s0 = performance.now();
      await seed(dataDir);
      seedMs = performance.now() - s0;
    }
    const seeded = await counts(dataDir);
    const dataBytes = folderBytes(dataDir);

    const env = {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      BACKUP_SCHEDULE: 'off',
      DEMO_PASSWORD: PASSWORD,
    };
    const server = await startProcess('apps/api/src/main.ts', env, `${base}/backend/health`);
    let idle: Load;
    let during: Awaited<ReturnType<typeof probeDuring<string>>>;
    let busy: Awaited<ReturnType<typeof probeDuring<string>>>;
    let writes: Writes;
    let first: Run;
    const loadBefore = loadAverage();
    try {
      // The server just started: a few seconds for its workers to warm up, then the idle baseline.
      await load({ ...PROBE, duration: 3 });
      idle = await load({ ...PROBE, duration: 10 });
      const backup = () => command('backup-cli', { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
      during = await probeDuring(PROBE.url, backup);
      first = lastRun(backupDir);
      const writer = await orderWriter(await signIn(base, 'admin@demo.test', PASSWORD));
      busy = await probeDuring(PROBE.url, backup);
      writes = await writer.stop();
    } finally {
      await stop(server.proc);
    }
    const loadAfter = loadAverage();
    const second = lastRun(backupDir);
    const status = first;
    const archive = join(backupDir, second.fileName);

    const target = join(work, 'restored');
    const r0 = performance.now();
    const restoreOut = await command('restore-cli', { DATA_DIR: target }, [archive]);
    const restoreMs = performance.now() - r0;
    const c0 = performance.now();
    await command('restore-cli', {}, ['--check', archive]);
    const checkMs = performance.now() - c0;
    const restored = await counts(target);
    // Orders created before the snapshot are in it, later ones not: between none and all of them.
    const same =
      restored.articles === seeded.articles &&
      restored.movements === seeded.movements &&
      restored.invoices === seeded.invoices &&
      restored.orders >= seeded.orders &&
      restored.orders <= seeded.orders + writes.count &&
      restored.orderLines === seeded.orderLines + 10 * (restored.orders - seeded.orders);

    const mark = (ok: boolean) => (ok ? '✅' : '❌ missed');
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const probed = (p: Probed) =>
      `p50 ${p.p50} ms, **p99 ${p.p99} ms**, max ${p.max} ms, ${p.reqPerSec} req/s, errors ${p.errors}, non-2xx ${p.non2xx}`;
    const run = (r: Run, ms: number) =>
      `**${s(ms)}** (server's own run ${s(r.durationMs)}: CHECKPOINT ${r.checkpointMs} ms, database quiet **${r.quietMs} ms**)`;
    record('Backup and restore of the large data set (PGlite, real server, npm run backup / restore)', [
      `Data: ${seeded.articles.toLocaleString('en')} articles, ${seeded.movements.toLocaleString('en')} tag movements, ` +
        `${seeded.invoices.toLocaleString('en')} invoices, ${seeded.orders.toLocaleString('en')} purchase orders ` +
        `(${seeded.orderLines.toLocaleString('en')} lines); data folder ${Math.round(dataBytes / MiB)} MiB` +
        (seedMs ? ` (seeded in ${s(seedMs)})` : ' (seeded by an earlier run)') +
        `. Machine: 2 cores, load average ${loadBefore} before, ${loadAfter} after. /backend/health probed by ` +
        'autocannon, 4 connections.',
      '',
      '| measure | figure | target |',
      '|---|---|---|',
      `| baseline: idle server, /backend/health, 10 s | p50 ${idle.p50} ms, **p99 ${idle.p99} ms**, ${idle.reqPerSec} req/s | |`,
      `| /backend/health during npm run backup | ${probed(during.probed)} | p99 ≤ 100 ms ${mark(during.probed.p99 <= 100)} |`,
      `| npm run backup (through the server; command start to exit) | ${run(status, during.ms)} | |`,
      `| archive | **${Math.round(status.sizeBytes / MiB)} MiB** (${((100 * status.sizeBytes) / dataBytes).toFixed(0)} % of the folder) | |`,
      `| /backend/health during npm run backup while a client creates 10-line purchase orders | ${probed(busy.probed)} | p99 ≤ 100 ms ${mark(busy.probed.p99 <= 100)} |`,
      `| npm run backup, same | ${run(second, busy.ms)}; ${writes.count} orders created meanwhile, p50 ${writes.p50} ms, p99 ${writes.p99} ms each | |`,
      `| npm run restore of the second archive into an empty DATA_DIR (checksums, unpack, recovery, migrations, counts) | **${s(restoreMs)}** | |`,
      `| npm run restore -- --check (checksums only) | ${s(checkMs)} | |`,
      `| restored counts: the source's plus the orders created during the backup | ${same ? 'yes' : `no: ${JSON.stringify(restored)} against ${JSON.stringify(seeded)}`} | |`,
    ]);
    console.log(restoreOut);
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}
