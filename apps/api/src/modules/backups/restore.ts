import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows, withPlatform, type Database } from '../../db/client';
import { ArchiveError, readArchive } from './archive';
import { claimDataDir, liveOwner, OWNER_FILE } from './data-dir-owner';
import { appliedMigration, DUMP_NAME, journal, JWT_SECRET_NAME, PGDATA_PREFIX, type Manifest } from './manifest';
import { checkToolFor, connectionArgs, runTool, serverFacts } from './pg-tools';

/**
 * `npm run restore -- <archive> [--force]`: the archive's checksums are checked while it is unpacked beside the
 * target, so a corrupt archive changes nothing; an archive newer than this code is refused; a target holding a
 * database is refused without --force. The restored database is then opened as the app opens it and migrated,
 * and what it holds is counted.
 */

export class RestoreRefusedError extends Error {
  readonly code = 'restore_refused';
}

export type RestoreTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; dataDir: string; databaseUrl: string; pgBinDir?: string };

export type RestoreOptions = {
  archive: string;
  target: RestoreTarget;
  force?: boolean;
  /** Opens the restored database as the app does (the PGlite folder given; PostgreSQL: the configured one). */
  open(where: { dataDir?: string }): Promise<Database>;
};

export type RestoreSummary = {
  manifest: Manifest;
  /** Migrations this code applied to the restored database, oldest first. */
  migrated: string[];
  tenants: number;
  documents: { table: string; label: string; count: number }[];
  files: { table: string; column: string; count: number; bytes: number }[];
  jwtSecret: 'restored' | 'kept' | 'none';
  durationMs: number;
};

/** The document tables counted after a restore, where this version has them. */
const DOCUMENT_TABLES: [string, string][] = [
  ['purchase_orders', 'purchase orders'],
  ['platform_orders', 'orders to the platform'],
  ['outputs', 'stock outputs'],
  ['proformas', 'proformas'],
  ['invoices', 'invoices'],
  ['credit_notes', 'credit notes'],
  ['payments', 'payments'],
  ['received_invoices', 'received invoices'],
  ['delivery_notes', 'delivery notes'],
  ['inventories', 'inventories'],
];

export async function restoreArchive(opts: RestoreOptions): Promise<RestoreSummary> {
  const t0 = performance.now();
  const result = opts.target.kind === 'pglite' ? await restorePglite(opts) : await restorePostgres(opts);
  return { ...result, durationMs: Math.round(performance.now() - t0) };
}

/** Checks an archive without restoring it: every checksum, and that this code can restore it. */
export async function checkArchive(archive: string): Promise<Manifest> {
  const manifest = await readArchive(archive);
  await assertRestorable(manifest);
  return manifest;
}

async function assertRestorable(manifest: Manifest) {
  const entries = await journal();
  const last = entries.at(-1)!;
  const known = new Set(entries.map((e) => e.when));
  if (manifest.database.migration.applied.some((when) => !known.has(when)))
    throw new RestoreRefusedError(
      `This archive was made by Tagstock ${manifest.appVersion} (migration ${manifest.database.migration.tag}), ` +
        `newer than this code (last migration ${last.tag}): restore it with that version or a later one`,
    );
}

type Extracted = { manifest: Manifest; jwtSecret: Buffer | null };

async function restorePglite(opts: RestoreOptions): Promise<Omit<RestoreSummary, 'durationMs'>> {
  const dataDir = opts.target.dataDir;
  const running = liveOwner(dataDir);
  if (running)
    throw new RestoreRefusedError(
      `${dataDir} is in use by ${running.role === 'server' ? 'the Tagstock server' : `npm run ${running.role}`} ` +
        `(process ${running.pid}): stop it before restoring`,
    );
  const present = (await readdir(dataDir).catch(() => [] as string[])).filter(
    (name) => !name.startsWith('.') && name !== JWT_SECRET_NAME,
  );
  if (present.length && !opts.force)
    throw new RestoreRefusedError(
      `${dataDir} already holds a database (${present.slice(0, 3).join(', ')}…): restore into an empty DATA_DIR, ` +
        `or add --force to replace it`,
    );
  const claim = claimDataDir(dataDir, 'restore');
  const staging = join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  const aside = join(dataDir, `.replaced-${randomBytes(6).toString('hex')}`);
  try {
    const { manifest, jwtSecret } = await extract(opts.archive, 'pglite', staging);
    await assertRestorable(manifest);
    // Opened where it was unpacked: crash recovery and the migrations run before the target changes.
    const database = await opts.open({ dataDir: staging });
    let summary: Omit<RestoreSummary, 'durationMs' | 'manifest' | 'jwtSecret'>;
    try {
      summary = await migrateAndCount(database);
    } finally {
      await database.close();
    }
    // The swap: what was there goes aside, the restored files take its place (renames within the folder).
    await mkdir(aside);
    for (const name of await readdir(dataDir)) {
      if (name === OWNER_FILE || join(dataDir, name) === staging || join(dataDir, name) === aside) continue;
      if (name === JWT_SECRET_NAME && !jwtSecret) continue;
      if (name.startsWith('.restore-') || name.startsWith('.replaced-')) continue;
      await rename(join(dataDir, name), join(aside, name));
    }
    for (const name of await readdir(staging)) await rename(join(staging, name), join(dataDir, name));
    if (jwtSecret) await writeFile(join(dataDir, JWT_SECRET_NAME), jwtSecret, { mode: 0o600 });
    const kept = existsSync(join(dataDir, JWT_SECRET_NAME)) ? 'kept' : 'none';
    return { manifest, ...summary, jwtSecret: jwtSecret ? 'restored' : kept };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(aside, { recursive: true, force: true });
    claim.release();
  }
}

async function restorePostgres(opts: RestoreOptions): Promise<Omit<RestoreSummary, 'durationMs'>> {
  const target = opts.target as Extract<RestoreTarget, { kind: 'postgres' }>;
  const work = await mkdtemp(join(tmpdir(), 'tagstock-restore-'));
  const client = new pg.Client({ connectionString: target.databaseUrl });
  try {
    const { manifest, jwtSecret } = await extract(opts.archive, 'postgres', work);
    await assertRestorable(manifest);
    await client.connect();
    const facts = await serverFacts(client);
    await checkToolFor('pg_restore', target.pgBinDir, facts, 'restore');
    const { rows: others } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    if (others[0]!.n > 0)
      throw new RestoreRefusedError(
        `${others[0]!.n} other connection(s) to the target database: stop the Tagstock servers before restoring`,
      );
    const { rows: objects } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
    );
    if (objects[0]!.n > 0 && !opts.force)
      throw new RestoreRefusedError(
        `The target database already holds ${objects[0]!.n} tables and sequences: restore into an empty database, ` +
          `or add --force to replace them`,
      );
    if (objects[0]!.n > 0) {
      await client.query('begin');
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
      await client.query('commit');
    }
    await client.query(ENSURE_ROLES);
    const dump = join(work, DUMP_NAME);
    const { dbname, env } = connectionArgs(target.databaseUrl);
    // Default privileges name the role that set them, maybe absent here: set again below for this owner.
    const { stdout: toc } = await runTool('pg_restore', target.pgBinDir, ['--list', dump], env);
    const list = join(work, 'restore.list');
    await writeFile(
      list,
      toc
        .split('\n')
        .filter((l) => !/ DEFAULT ACL /.test(l))
        .join('\n'),
    );
    await runTool(
      'pg_restore',
      target.pgBinDir,
      [
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        '--no-password',
        `--use-list=${list}`,
        `--dbname=${dbname}`,
        dump,
      ],
      env,
    );
    await client.query(DEFAULT_PRIVILEGES);
    let jwt: RestoreSummary['jwtSecret'] = 'none';
    const secretFile = join(target.dataDir, JWT_SECRET_NAME);
    if (jwtSecret && (opts.force || !existsSync(secretFile))) {
      await mkdir(target.dataDir, { recursive: true });
      await writeFile(secretFile, jwtSecret, { mode: 0o600 });
      jwt = 'restored';
    } else if (jwtSecret) jwt = 'kept';
    await client.end().catch(() => undefined);
    const database = await opts.open({});
    try {
      return { manifest, ...(await migrateAndCount(database)), jwtSecret: jwt };
    } finally {
      await database.close();
    }
  } finally {
    await client.end().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

/** Unpacks the archive, checking every entry; a mismatch removes what was unpacked and throws. */
async function extract(archive: string, kind: 'pglite' | 'postgres', into: string): Promise<Extracted> {
  let jwtSecret: Buffer | null = null;
  await mkdir(into, { recursive: true });
  try {
    const made = new Set<string>();
    const manifest = await readArchive(archive, async ({ path, size }) => {
      if (path === JWT_SECRET_NAME) {
        const chunks: Buffer[] = [];
        return new Writable({
          write(chunk: Buffer, _enc, cb) {
            chunks.push(chunk);
            cb();
          },
          final(cb) {
            jwtSecret = Buffer.concat(chunks);
            cb();
          },
        });
      }
      if (kind === 'pglite' && path.startsWith(PGDATA_PREFIX)) {
        const file = join(into, path.slice(PGDATA_PREFIX.length));
        const parent = dirname(file);
        if (!made.has(parent)) {
          await mkdir(parent, { recursive: true });
          made.add(parent);
        }
        // Most PostgreSQL files are small: one write each rather than a stream (thousands of them).
        return size <= SMALL_FILE ? fileAtOnce(file) : createWriteStream(file, { mode: 0o600 });
      }
      if (kind === 'postgres' && path === DUMP_NAME) return createWriteStream(join(into, DUMP_NAME), { mode: 0o600 });
      throw new RestoreRefusedError(
        kind === 'pglite'
          ? 'This archive holds a PostgreSQL dump: restore it with DATABASE_URL set to a PostgreSQL database'
          : 'This archive holds an embedded (PGlite) database: restore it without DATABASE_URL, into DATA_DIR',
      );
    });
    if (kind === 'pglite')
      for (const e of manifest.entries)
        if (e.type === 'directory' && e.path.startsWith(PGDATA_PREFIX))
          await mkdir(join(into, e.path.slice(PGDATA_PREFIX.length)), { recursive: true });
    return { manifest, jwtSecret };
  } catch (err) {
    await rm(into, { recursive: true, force: true });
    if (err instanceof ArchiveError) throw new ArchiveError(`${archive}: ${err.message}; nothing was restored`);
    throw err;
  }
}

const SMALL_FILE = 8 * 1024 * 1024;

/** A stream that keeps what it is given and writes the file once, at its end. */
function fileAtOnce(path: string): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
    final(cb) {
      writeFile(path, Buffer.concat(chunks), { mode: 0o600 }).then(() => cb(), cb);
    },
  });
}

async function migrateAndCount(database: Database) {
  const before = new Set((await appliedMigration(database.owner)).applied);
  await database.migrate();
  const migrated = (await journal()).filter((e) => !before.has(e.when)).map((e) => e.tag);
  return { migrated, ...(await countRestored(database)) };
}

/** Tenants, documents by type, and the stored files (every bytea column) of a database. */
export async function countRestored(database: Database) {
  return withPlatform(database.db, async (tx) => {
    const [t] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from tenants`);
    const documents: RestoreSummary['documents'] = [];
    for (const [table, label] of DOCUMENT_TABLES) {
      const [exists] = await queryRows<{ ok: boolean }>(tx, sql`select to_regclass(${table}) is not null as ok`);
      if (!exists?.ok) continue;
      const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)}`);
      documents.push({ table, label, count: row?.n ?? 0 });
    }
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      tx,
      sql`select table_name, column_name from information_schema.columns
           where table_schema = 'public' and data_type = 'bytea' order by table_name, column_name`,
    );
    const files: RestoreSummary['files'] = [];
    for (const c of columns) {
      const col = sql.identifier(c.column_name);
      const [row] = await queryRows<{ n: number; bytes: number | string }>(
        tx,
        sql`select count(${col})::int as n, coalesce(sum(octet_length(${col})), 0)::bigint as bytes
              from ${sql.identifier(c.table_name)}`,
      );
      files.push({ table: c.table_name, column: c.column_name, count: row?.n ?? 0, bytes: Number(row?.bytes ?? 0) });
    }
    return { tenants: t?.n ?? 0, documents, files };
  });
}

/** The roles the migrations create (roles are the server's, not the dump's): created when this server lacks them. */
const ENSURE_ROLES = `
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tagstock_app') THEN
    CREATE ROLE tagstock_app LOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tagstock_platform') THEN
    CREATE ROLE tagstock_platform NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
                 WHERE r.rolname = 'tagstock_platform' AND u.rolname = 'tagstock_app') THEN
    GRANT tagstock_platform TO tagstock_app;
  END IF;
END $$`;

/** The default privileges of migrations 0001 and 0012, for the role that owns the restored tables. */
const DEFAULT_PRIVILEGES = `
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tagstock_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO tagstock_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tagstock_platform;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO tagstock_platform;`;
