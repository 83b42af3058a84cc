import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, withPlatform, type Database } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/seed/seed';
import { seedLarge } from '../apps/api/src/seed/seed-large';
import { seedInvoices } from './invoicing';
import { fillMovementsSql, load, loadAverage, record, root, startProcess, stop, type Load } from './lib';

/**
 * Backup and restore of the large data set on the embedded database (PGlite), through the real commands and a
 * real server: `npm run backup` while `/backend/health` is probed (against the idle server in the same run), the
 * archive's size, then `npm run restore` into an empty folder. BENCH_BACKUP_ARTICLES, _ORDERS (purchase orders of
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

type Probed = Load & { max: number };

/** Probes /backend/health for as long as `run` takes. */
async function probeDuring<T>(run: () => Promise<T>): Promise<{ result: T; probed: Probed; ms: number }> {
  const probe = autocannon({ ...PROBE, duration: 3600 }, () => undefined);
  const done = new Promise<autocannon.Result>((resolve) => probe.on('done', resolve));
  const t0 = performance.now();
  const result = await run();
  const ms = performance.now() - t0;
  probe.stop();
  const r = await done;
  return {
    result,
    ms,
    probed: {
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors,
      non2xx: r.non2xx,
    },
  };
}

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
    const loadBefore = loadAverage();
    try {
      // The server just started: a few seconds for its workers to warm up, then the idle baseline.
      await load({ ...PROBE, duration: 3 });
      idle = await load({ ...PROBE, duration: 10 });
      during = await probeDuring(() => command('backup-cli', { DATA_DIR: dataDir, BACKUP_DIR: backupDir }));
    } finally {
      await stop(server.proc);
    }
    const loadAfter = loadAverage();
    const status = JSON.parse(readFileSync(join(backupDir, 'status.json'), 'utf8')).lastSuccess as {
      fileName: string;
      sizeBytes: number;
      durationMs: number;
      quietMs: number;
      checkpointMs: number;
    };
    const archive = join(backupDir, status.fileName);

    const target = join(work, 'restored');
    const r0 = performance.now();
    const restoreOut = await command('restore-cli', { DATA_DIR: target }, [archive]);
    const restoreMs = performance.now() - r0;
    const c0 = performance.now();
    await command('restore-cli', {}, ['--check', archive]);
    const checkMs = performance.now() - c0;
    const restored = await counts(target);
    const same = JSON.stringify(restored) === JSON.stringify(seeded);

    const p = during.probed;
    const mark = (ok: boolean) => (ok ? '✅' : '❌ missed');
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    record('Backup and restore of the large data set (PGlite, real server, npm run backup / restore)', [
      `Data: ${seeded.articles.toLocaleString('en')} articles, ${seeded.movements.toLocaleString('en')} tag movements, ` +
        `${seeded.invoices.toLocaleString('en')} invoices, ${seeded.orders.toLocaleString('en')} purchase orders ` +
        `(${seeded.orderLines.toLocaleString('en')} lines); data folder ${Math.round(dataBytes / MiB)} MiB` +
        (seedMs ? ` (seeded in ${s(seedMs)})` : ' (seeded by an earlier run)') +
        `. Machine: 2 cores, load average ${loadBefore} before, ${loadAfter} after.`,
      '',
      '| measure | figure | target |',
      '|---|---|---|',
      `| baseline: idle server, /backend/health, 4 connections, 10 s | p50 ${idle.p50} ms, **p99 ${idle.p99} ms**, ${idle.reqPerSec} req/s | |`,
      `| /backend/health during npm run backup | p50 ${p.p50} ms, **p99 ${p.p99} ms**, max ${p.max} ms, ${p.reqPerSec} req/s, errors ${p.errors}, non-2xx ${p.non2xx} | p99 ≤ 100 ms ${mark(p.p99 <= 100)} |`,
      `| npm run backup (through the server; command start to exit) | **${s(during.ms)}** (server's own run ${s(status.durationMs)}: CHECKPOINT ${status.checkpointMs} ms, database quiet ${status.quietMs} ms) | |`,
      `| archive | **${Math.round(status.sizeBytes / MiB)} MiB** (${((100 * status.sizeBytes) / dataBytes).toFixed(0)} % of the folder) | |`,
      `| npm run restore into an empty DATA_DIR (checksums, unpack, recovery, migrations, counts) | **${s(restoreMs)}** | |`,
      `| npm run restore -- --check (checksums only) | ${s(checkMs)} | |`,
      `| restored counts equal the source's | ${same ? 'yes' : `no: ${JSON.stringify(restored)}`} | |`,
    ]);
    console.log(restoreOut);
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}
