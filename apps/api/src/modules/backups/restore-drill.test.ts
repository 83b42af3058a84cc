import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPurchaseOrder } from '@tagstock/contract';
import { buildApp } from '../../app';
import type { BackupConfig } from '../../config';
import { migrationsFolder, openDatabase, queryRows, type Database, type Db } from '../../db/client';
import { migrateFolder } from '../../db/migrate';
import { seedFirstStart } from '../../seed/seed-documents';
import { apiCalls, DEMO_PASSWORD, dbKind, multipartFile, testConfig } from '../../test/helper';
import { freshPostgres } from '../../test/postgres';
import { ArchiveError } from './archive';
import { acquireBackupLock, BackupBusyError, LOCK_NAME } from './backup-lock';
import { createBackupService, type BackupResult, type BackupService } from './backup-service';
import { claimDataDir, type DataDirClaim } from './data-dir-owner';
import { journal } from './manifest';
import { checkArchive, restoreArchive, RestoreRefusedError, type RestoreTarget } from './restore';

/**
 * The restore drill: a database seeded as at the first start, with stored files; a backup taken while clients keep
 * writing documents; a restore into a fresh place; the app started on it. Everything committed before the backup
 * began is there, byte for byte, and each write that raced it is there whole or not at all. On PGlite, and on
 * PostgreSQL (pg_dump / pg_restore) when the API tests run there.
 */

const root = mkdtempSync(join(tmpdir(), 'tagstock-drill-'));
const backupDir = join(root, 'backups');
const settings: BackupConfig = {
  dir: backupDir,
  times: null,
  timeZone: 'Europe/Paris',
  keep: { daily: 7, weekly: 4, monthly: 12 },
  pgBinDir: undefined,
};
const log = { info: () => undefined, error: () => undefined };

type Place = { database: Database; target: RestoreTarget; drop(): Promise<void> };

/** Where a database lives: a PGlite folder, or a throw-away PostgreSQL database. */
async function place(name: string, open = true): Promise<Place & { url?: string; dataDir: string }> {
  const dataDir = join(root, name);
  if (dbKind === 'postgres') {
    const pgdb = await freshPostgres();
    return {
      dataDir,
      url: pgdb.url,
      database: open ? await openDatabase({ databaseUrl: pgdb.url, appPassword: 'drill-app-password' }) : undefined!,
      target: { kind: 'postgres', dataDir, databaseUrl: pgdb.url },
      drop: () => pgdb.drop(),
    };
  }
  return {
    dataDir,
    database: open ? await openDatabase({ dataDir }) : undefined!,
    target: { kind: 'pglite', dataDir },
    drop: async () => undefined,
  };
}

const openTarget = (p: { dataDir: string; url?: string }) => (where: { dataDir?: string }) =>
  openDatabase(where.dataDir ? { dataDir: where.dataDir } : { databaseUrl: p.url, appPassword: 'drill-app-password' });

type Rows = Map<string, string>;
/**
 * Every row of every table, keyed by table and primary key, with a digest of the whole row; and the SHA-256 of
 * every stored file (bytea value). Read in one repeatable-read transaction: one instant of the database.
 */
async function contents(owner: Db): Promise<{ rows: Map<string, Rows>; files: Map<string, string> }> {
  return owner.transaction(
    async (tx) => {
      const tables = await queryRows<{ t: string; pk: string[] | null }>(
        tx,
        sql`select c.relname as t,
              (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
                 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                where i.indrelid = c.oid and i.indisprimary) as pk
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
      );
      const rows = new Map<string, Rows>();
      for (const { t, pk } of tables) {
        const key = pk?.length
          ? sql.join(
              pk.map((c) => sql`${sql.identifier(c)}::text`),
              sql`, `,
            )
          : sql`md5(x::text)`;
        const found = await queryRows<{ k: string; d: string }>(
          tx,
          sql`select concat_ws('|', ${key}) as k, md5(x::text) as d from ${sql.identifier(t)} x`,
        );
        const map: Rows = new Map();
        for (const r of found) map.set(map.has(r.k) ? `${r.k}#${map.size}` : r.k, r.d);
        rows.set(t, map);
      }
      const columns = await queryRows<{ t: string; c: string }>(
        tx,
        sql`select table_name as t, column_name as c from information_schema.columns
             where table_schema = 'public' and data_type = 'bytea'`,
      );
      const files = new Map<string, string>();
      for (const { t, c } of columns) {
        const found = await queryRows<{ k: string; h: string }>(
          tx,
          sql`select md5(x::text) as k, encode(sha256(${sql.identifier(c)}), 'hex') as h
                from ${sql.identifier(t)} x where ${sql.identifier(c)} is not null`,
        );
        for (const f of found) files.set(`${t}.${c}:${f.k}`, f.h);
      }
      return { rows, files };
    },
    { isolationLevel: 'repeatable read' },
  );
}

const source = await place('source');
let claim: DataDirClaim | undefined;
let app: FastifyInstance;
let service: BackupService;
let oldArchive: BackupResult;
let admin = '';
const { call, ok } = apiCalls<unknown>(
  { as: (token, opts) => app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } }) },
  () => admin,
);
const others: Place[] = [];
const today = new Date().toISOString().slice(0, 10);
const lastMigration = (await journal()).at(-1)!.tag;

// The first start's seed writes the demo's year: minutes on a loaded machine.
beforeAll(async () => {
  // An install one migration behind this code, backed up: the archive an upgrade finds.
  const old = join(root, 'migrations-before-last');
  cpSync(migrationsFolder, old, { recursive: true });
  const journalFile = join(old, 'meta', '_journal.json');
  const parsed = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  writeFileSync(journalFile, JSON.stringify({ ...parsed, entries: parsed.entries.slice(0, -1) }));
  await migrateFolder(source.database.owner, old);
  service = createBackupService(
    source.database,
    { ...settings, dataDir: source.dataDir, databaseUrl: source.url },
    log,
  );
  oldArchive = await service.run('command');

  await source.database.migrate();
  await seedFirstStart(source.database.db, DEMO_PASSWORD);
  if (dbKind === 'pglite') claim = claimDataDir(source.dataDir, 'server');
  app = await buildApp(
    testConfig({
      backups: { backup: settings, dataDir: source.dataDir, databaseUrl: source.url },
      backupControlSecret: claim?.owner.secret,
    }),
    source.database,
  );
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/backend/api/auth/sign-in',
    payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  admin = signIn.json().token;

  // Stored files: an article image (and its thumbnail), the company logo, a received invoice's original.
  const png = (color: string) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
      .png()
      .toBuffer();
  const articles = (await ok<{ items: { id: number }[] }>('GET', '/articles?limit=3')).items;
  const photo = multipartFile('photo.png', await png('#1e88e5'), 'image/png');
  const image = await app.inject({
    method: 'POST',
    url: `/backend/api/articles/${articles[0]!.id}/image`,
    headers: { authorization: `Bearer ${admin}`, ...photo.headers },
    payload: photo.payload,
  });
  expect(image.statusCode, image.body).toBe(200);
  const logo = multipartFile('logo.png', await png('#c62828'), 'image/png');
  const put = await app.inject({
    method: 'PUT',
    url: '/backend/api/company/logo',
    headers: { authorization: `Bearer ${admin}`, ...logo.headers },
    payload: logo.payload,
  });
  expect(put.statusCode, put.body).toBe(200);
  const original = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50_000, 7)]);
  await source.database.owner.execute(
    sql`insert into received_invoices (tenant_id, sha256, file_name, file_type, file_size, file, content, valid)
        select id, encode(sha256(${original}), 'hex'), 'facture-fournisseur.pdf', 'application/pdf',
               ${original.length}, ${original}, '{}'::jsonb, false
          from tenants where name = 'Demo'`,
  );
}, 300_000);

afterAll(async () => {
  await app?.close();
  await source.database.close();
  claim?.release();
  for (const p of others) {
    await p.database?.close().catch(() => undefined);
    await p.drop();
  }
  await source.drop();
  rmSync(root, { recursive: true, force: true });
});

type Write = { kind: 'create' | 'send' | 'receive'; orderId: number; startedAt: number; finishedAt: number };

let restored: Awaited<ReturnType<typeof place>>;
let archive: BackupResult;

describe('restore drill', () => {
  it('backs up while documents are written, and the restored copy has all that was committed before, nothing half-written', async () => {
    const [supplier] = (await ok<{ items: { id: number }[] }>('GET', '/suppliers?limit=1')).items;
    const [mode] = await queryRows<{ id: number }>(
      source.database.owner,
      sql`select id from payment_modes where tenant_id = (select id from tenants where name = 'Demo') order by id limit 1`,
    );
    const articles = (await ok<{ items: { id: number }[] }>('GET', '/articles?limit=6')).items;
    const before = await contents(source.database.owner);

    // Clients creating, sending and receiving purchase orders (numbers, lines, totals, stock, history) all along.
    const writes: Write[] = [];
    let stop = false;
    let started: () => void;
    const going = new Promise<void>((resolve) => (started = resolve));
    const timed = async <T>(kind: Write['kind'], run: () => Promise<T>, id?: number) => {
      // A client's request comes in through the network: never a tight loop that would starve the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      const startedAt = Date.now();
      const result = await run();
      const orderId = id ?? (result as { id: number }).id;
      writes.push({ kind, orderId, startedAt, finishedAt: Date.now() });
      if (writes.length === 6) started!();
      return result;
    };
    const writer = async (n: number) => {
      while (!stop) {
        const order = await timed('create', () =>
          ok<TPurchaseOrder>('POST', '/purchase-orders', {
            supplierId: supplier!.id,
            paymentModeId: mode!.id,
            orderDate: today,
            expectedDate: null,
            notes: `Écrit pendant la sauvegarde (${n})`,
            lines: [0, 1, 2].map((k) => ({
              articleId: articles[(n + k) % articles.length]!.id,
              quantity: 1 + k,
              unitPrice: '12.34',
              vatRate: '20',
              discount: '0',
            })),
          }),
        );
        await timed('send', () => ok('POST', `/purchase-orders/${order.id}/status`, { status: 'done' }), order.id);
        await timed(
          'receive',
          () =>
            ok('POST', `/purchase-orders/${order.id}/receipts`, {
              receiptDate: today,
              lines: order.lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
            }),
          order.id,
        );
      }
    };
    const writers = [1, 2, 3].map(writer);
    await going;
    const backupStart = Date.now();
    archive = await service.run('command');
    const backupEnd = Date.now();
    stop = true;
    await Promise.all(writers);
    const after = await contents(source.database.owner);
    expect(writes.filter((w) => w.startedAt < backupEnd && w.finishedAt > backupStart).length).toBeGreaterThan(0);
    // PGlite: the last pass took the WAL and left the tables' files to recovery (no checkpoint meanwhile).
    if (dbKind === 'pglite') expect(archive.manifest.snapshot.relationFilesFromWal).toBe(true);

    restored = await place('restored', false);
    others.push(restored);
    const summary = await restoreArchive({
      archive: archive.path,
      target: restored.target,
      open: openTarget(restored),
    });
    expect(summary.migrated).toEqual([]);
    expect(summary.tenants).toBe(2);
    expect(summary.files.filter((f) => f.count > 0).map((f) => `${f.table}.${f.column}`)).toEqual(
      expect.arrayContaining([
        'article_images.data',
        'article_images.thumbnail',
        'company_settings.logo',
        'received_invoices.file',
      ]),
    );
    restored.database = await openTarget(restored)(dbKind === 'pglite' ? { dataDir: restored.dataDir } : {});
    await restored.database.migrate();
    const back = await contents(restored.database.owner);

    // Nothing lost: every row there before the backup is there, unchanged unless a writer changed it since; and
    // nothing invented: every row is one the source had.
    expect([...back.rows.keys()]).toEqual([...before.rows.keys()]);
    for (const [table, rows] of before.rows) {
      const now = back.rows.get(table)!;
      const later = after.rows.get(table)!;
      for (const [pk, digest] of rows) {
        expect(now.has(pk), `${table} ${pk} lost`).toBe(true);
        if (later.get(pk) === digest) expect(now.get(pk), `${table} ${pk} changed`).toBe(digest);
      }
      for (const pk of now.keys()) expect(later.has(pk), `${table} ${pk} never existed`).toBe(true);
    }
    // Files byte for byte (no writer touches them).
    expect(back.files).toEqual(before.files);
    expect(after.files).toEqual(before.files);

    // Each write committed before the backup began is there; each write is there whole or not at all.
    const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(restored.database.owner, query);
    const orders = new Map(
      (
        await q<{ id: number; number: string; status: string; line_count: number; lines: number; total_gross: string }>(
          sql`select o.id, o.number, o.status, o.line_count, o.total_gross,
                (select count(*)::int from purchase_order_lines l where l.order_id = o.id) as lines
              from purchase_orders o`,
        )
      ).map((o) => [o.id, o]),
    );
    const logged = await q<{ entity_id: number; action: string; n: number }>(
      sql`select entity_id, action, count(*)::int as n from activity_log where entity = 'purchase_order' group by 1, 2`,
    );
    const logs = (id: number, action: string) => logged.find((l) => l.entity_id === id && l.action === action)?.n ?? 0;
    const received = await q<{ order_id: number; receipts: number; units: number; moved: number }>(
      sql`select r.order_id, count(distinct r.id)::int as receipts, sum(rl.quantity)::int as units,
            (select coalesce(sum(m.delta), 0)::int from stock_movements m
              where m.source_type = 'purchase_order' and m.source_id = r.order_id) as moved
          from purchase_receipts r join purchase_receipt_lines rl on rl.receipt_id = r.id group by r.order_id`,
    );
    const sourceOrders = await queryRows<{ id: number; number: string; total_gross: string }>(
      source.database.owner,
      sql`select id, number, total_gross from purchase_orders`,
    );
    for (const w of writes) {
      const order = orders.get(w.orderId);
      const receipt = received.find((r) => r.order_id === w.orderId);
      if (w.finishedAt < backupStart) {
        expect(order, `order ${w.orderId} (${w.kind}) lost`).toBeDefined();
        if (w.kind === 'send') expect(order!.status).toBe('done');
        if (w.kind === 'receive') expect(receipt, `receipt of ${w.orderId} lost`).toBeDefined();
      }
      if (!order) continue;
      expect([order.line_count, order.lines]).toEqual([3, 3]);
      expect(logs(order.id, 'created')).toBe(1);
      const src = sourceOrders.find((o) => o.id === order.id)!;
      expect([order.number, order.total_gross]).toEqual([src.number, src.total_gross]);
      expect(logs(order.id, 'status')).toBe(order.status === 'done' ? 1 : 0);
      if (receipt) {
        expect(receipt).toMatchObject({ receipts: 1, units: 6, moved: 6 });
        expect(logs(order.id, 'received')).toBe(1);
      } else expect(logs(order.id, 'received')).toBe(0);
    }
    // Numbers without gap or duplicate up to their counter; stock equal to the sum of its movements.
    const series = await q<{ year: number; last_value: number; numbers: number; top: number; distinct: number }>(
      sql`select c.year, c.last_value, count(o.id)::int as numbers, max(split_part(o.number, '-', 3)::int) as top,
            count(distinct o.number)::int as distinct
          from document_counters c join purchase_orders o on o.tenant_id = c.tenant_id
            and split_part(o.number, '-', 2)::int = c.year and o.number like 'BC-%'
          where c.series = 'BC' group by c.tenant_id, c.year, c.last_value`,
    );
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) expect([s.numbers, s.top, s.distinct]).toEqual([s.last_value, s.last_value, s.last_value]);
    const stock = await q<{ id: number; quantity: number; moved: number }>(
      sql`select a.id, a.quantity, coalesce((select sum(delta)::int from stock_movements m where m.article_id = a.id), 0) as moved
          from articles a`,
    );
    expect(stock.filter((a) => a.quantity !== a.moved)).toEqual([]);

    // The app on the restored copy: the same documents and files, and numbering goes on from where it stopped.
    const copy = await buildApp(testConfig(), restored.database);
    try {
      const token = (
        await copy.inject({
          method: 'POST',
          url: '/backend/api/auth/sign-in',
          payload: { email: 'admin@demo.test', password: DEMO_PASSWORD },
        })
      ).json().token as string;
      const get = (url: string) =>
        copy.inject({ method: 'GET', url: `/backend/api${url}`, headers: { authorization: `Bearer ${token}` } });
      const seeded = sourceOrders.filter((o) => !writes.some((w) => w.orderId === o.id));
      for (const o of seeded)
        expect((await get(`/purchase-orders/${o.id}`)).json()).toEqual(await ok('GET', `/purchase-orders/${o.id}`));
      const firstArticle = (await ok<{ items: { id: number }[] }>('GET', '/articles?limit=3')).items[0]!.id;
      expect((await get(`/articles/${firstArticle}/image`)).rawPayload).toEqual(
        (await call('GET', `/articles/${firstArticle}/image`)).rawPayload,
      );
      expect((await get('/company/logo')).rawPayload).toEqual((await call('GET', '/company/logo')).rawPayload);
      const next = await copy.inject({
        method: 'POST',
        url: '/backend/api/purchase-orders',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          supplierId: supplier!.id,
          paymentModeId: mode!.id,
          orderDate: today,
          expectedDate: null,
          lines: [{ articleId: articles[0]!.id, quantity: 1, unitPrice: '1.00', vatRate: '20', discount: '0' }],
        },
      });
      expect(next.statusCode, next.body).toBe(200);
      const top = Math.max(...[...orders.values()].map((o) => Number(o.number.split('-')[2])));
      expect(Number((next.json() as TPurchaseOrder).number!.split('-')[2])).toBe(top + 1);
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('refuses a corrupt archive and a target that holds a database, changing nothing', async () => {
    const corrupt = join(root, 'corrupt.tar.gz');
    // One byte flipped near the end: found only once almost everything was unpacked.
    const bytes = readFileSync(archive.path);
    bytes[Math.floor(bytes.length * 0.9)]! ^= 0xff;
    writeFileSync(corrupt, bytes);
    const fresh = await place('never-restored', false);
    others.push(fresh);
    await expect(
      restoreArchive({ archive: corrupt, target: fresh.target, open: openTarget(fresh) }),
    ).rejects.toBeInstanceOf(ArchiveError);
    if (dbKind === 'pglite') expect(readdirSync(fresh.dataDir)).toEqual([]);

    await restored.database.close();
    const was = await snapshotTarget(restored);
    await expect(
      restoreArchive({ archive: archive.path, target: restored.target, open: openTarget(restored) }),
    ).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(
      restoreArchive({ archive: corrupt, target: restored.target, force: true, open: openTarget(restored) }),
    ).rejects.toBeInstanceOf(ArchiveError);
    expect(await snapshotTarget(restored)).toEqual(was);
  }, 60_000);

  it('applies the migrations an older archive predates, replacing the target with --force', async () => {
    expect(oldArchive.manifest.database.migration.tag).not.toBe(lastMigration);
    const summary = await restoreArchive({
      archive: oldArchive.path,
      target: restored.target,
      force: true,
      open: openTarget(restored),
    });
    expect(summary.migrated).toEqual([lastMigration]);
    expect(summary.tenants).toBe(0);
    restored.database = await openTarget(restored)(dbKind === 'pglite' ? { dataDir: restored.dataDir } : {});
    const [row] = await queryRows<{ n: number }>(
      restored.database.owner,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(row!.n).toBe((await journal()).length);
  }, 60_000);

  it('runs one backup at a time: a held lock refuses the next, a dead process’s lock is taken over', async () => {
    const lock = await acquireBackupLock(backupDir, 'manual');
    await expect(service.run('scheduled')).rejects.toBeInstanceOf(BackupBusyError);
    await expect(acquireBackupLock(backupDir, 'command')).rejects.toBeInstanceOf(BackupBusyError);
    await lock.release();
    // A lock left by a process that is gone.
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(
      join(backupDir, LOCK_NAME),
      JSON.stringify({
        hostname: (await import('node:os')).hostname(),
        pid: dead.pid,
        procStart: null,
        startedAt: '',
        trigger: 'manual',
      }),
    );
    const taken = await acquireBackupLock(backupDir, 'command');
    await taken.release();
    expect(existsSync(join(backupDir, LOCK_NAME))).toBe(false);
  });
});

/** What a restore target holds: its files (PGlite) or its tables (PostgreSQL). */
async function snapshotTarget(p: Place & { dataDir: string; url?: string }) {
  if (dbKind === 'pglite') return readdirSync(p.dataDir).sort();
  const database = await openTarget(p)({});
  try {
    return await queryRows(database.owner, sql`select count(*)::int as n from purchase_orders`);
  } finally {
    await database.close();
  }
}

// The PGlite command only: on PostgreSQL a backup is pg_dump's, which the drill above runs.
if (dbKind === 'pglite')
  describe('npm run backup', () => {
    const cli = (env: Record<string, string>) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', new URL('./backup-cli.ts', import.meta.url).pathname],
          {
            env: { ...process.env, DATA_DIR: source.dataDir, BACKUP_DIR: backupDir, ...env },
          },
        );
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d));
        child.stderr.on('data', (d: Buffer) => (out += d));
        child.on('exit', (code) => resolve({ code, out }));
      });

    it('asks the running server for the backup, and says so when another one runs', async () => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address() as { address: string; port: number };
      claim!.listening({ host: address.address, port: address.port });
      const done = await cli({});
      expect(done.out).toContain('Backing up through the running server');
      expect(done.code, done.out).toBe(0);
      const path = /Backup written: (\S+)/.exec(done.out)![1]!;
      expect((await checkArchive(path)).database.kind).toBe('pglite');

      const lock = await acquireBackupLock(backupDir, 'manual');
      try {
        const busy = await cli({});
        expect(busy.code).toBe(1);
        expect(busy.out).toContain('Another backup is running');
      } finally {
        await lock.release();
      }
    }, 60_000);
  });
