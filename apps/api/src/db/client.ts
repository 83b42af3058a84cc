import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrateFolder } from './migrate';
import { pgliteEngine } from './pglite-engine';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  /** The runtime handle: on PostgreSQL the login role tagstock_app (not superuser, not owner, RLS forced). */
  db: Db;
  /** The tables' owner: migrations and maintenance scripts only, never handed to the app. */
  owner: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine itself (PGlite only): backups hold its queries while they copy its files. */
  pglite?: PGlite;
  /** Runs the migrations as the owner, then checks that the runtime role cannot bypass row-level security. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** The role every tenant or platform transaction runs as (created NOLOGIN by 0001, given LOGIN by 0012). */
export const APP_ROLE = 'tagstock_app';
/** The role of cross-tenant transactions (withPlatform): the only one the platform policies apply to. */
export const PLATFORM_ROLE = 'tagstock_platform';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** DATABASE_URL with its user replaced by the app role (and its password, when one is managed). */
export function appDatabaseUrl(ownerUrl: string, password?: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}

export type OpenOptions = {
  /** The owner's connection (DATABASE_URL): migrations. Unset → PGlite. */
  databaseUrl?: string;
  /** The runtime connection (DATABASE_APP_URL); derived from databaseUrl with the app role when unset. */
  appDatabaseUrl?: string;
  /** Password of the derived app role connection; the owner sets it when the role cannot sign in with it. */
  appPassword?: string;
  dataDir?: string;
  /** PGlite only: starts from this data directory's dump (`dumpDataDir`) instead of an empty database (tests). */
  loadDataDir?: Blob;
  /**
   * PGlite only: a dump (template.ts) that a `dataDir` without a database yet is laid out from, instead of initdb
   * and every migration; ignored when the file does not exist.
   */
  template?: string;
  /** Sees every statement of the runtime connection (tests count the statements of a request). */
  logQuery?: (query: string) => void;
};

const queryLogger = (opts: OpenOptions) =>
  opts.logQuery ? { logQuery: (query: string) => opts.logQuery!(query) } : undefined;

/** PostgreSQL through node-postgres when a URL is given, else PGlite embedded in `dataDir` (or in memory). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // int8 (bigserial ids, sums) as numbers, as PGlite answers them: exact up to 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, Number);
    const ownerPool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
    const appUrl = opts.appDatabaseUrl ?? appDatabaseUrl(opts.databaseUrl, opts.appPassword);
    const pool = new pg.Pool({ connectionString: appUrl, max: 20 });
    // An idle client dropped by the server (restart, dropped database) is replaced; the next query reports errors.
    for (const p of [ownerPool, pool]) p.on('error', () => undefined);
    const owner = drizzlePg({ client: ownerPool, schema }) as unknown as Db;
    const db = drizzlePg({ client: pool, schema, logger: queryLogger(opts) }) as unknown as Db;
    return {
      db,
      owner,
      kind: 'postgres',
      async migrate() {
        await migrateFolder(owner, migrationsFolder);
        if (!opts.appDatabaseUrl && opts.appPassword) await ensureAppLogin(ownerPool, pool, opts.appPassword);
        await assertRuntimeRole(db);
      },
      close: async () => {
        await pool.end();
        await ownerPool.end();
      },
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const loadDataDir = opts.loadDataDir ?? (opts.dataDir ? templateFor(opts.dataDir, opts.template) : undefined);
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    pgliteWasmModule: await pgliteEngine(),
    extensions: { pg_trgm },
  });
  // Embedded and superuser only: one handle; withTenant/withPlatform switch to the app role per transaction.
  const db = drizzlePglite({ client: inTurns(client), schema, logger: queryLogger(opts) }) as unknown as Db;
  return {
    db,
    owner: db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migrateFolder(db, migrationsFolder);
    },
    close: () => client.close(),
  };
}

/** The template's files for a data folder that holds no database yet; none when there is no template. */
function templateFor(dataDir: string, template: string | undefined): Blob | undefined {
  if (!template || existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(template)) return undefined;
  return new Blob([readFileSync(template)]);
}

/**
 * PGlite runs a query on this thread, synchronously, and its own lock hands over to the next waiting transaction in
 * a microtask: under load its queue drains without the event loop reading a socket in between, so a health check or
 * a request that arrives meanwhile waits for every transaction queued before it has run (seconds with 50 users).
 * This handle queues transactions and lone statements in arrival order and gives the event loop a turn
 * (`setImmediate`) before each one: a waiting request is read, and queued, between two transactions. Each still
 * runs alone, as PGlite requires; the engine itself (`Database.pglite`, used by backups) is left as it is.
 */
export function inTurns(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(turn).then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  const queued = new Set<PropertyKey>(['transaction', 'query', 'exec']);
  return new Proxy(client, {
    get(target, prop) {
      // PGlite keeps its state in private fields: its methods run on the engine itself, never on this proxy.
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      return queued.has(prop) ? (...args: unknown[]) => inTurn(() => method(...args) as Promise<unknown>) : method;
    },
  });
}

/** Sets the app role's password when it cannot sign in with the configured one (first start, new secret). */
async function ensureAppLogin(ownerPool: pg.Pool, pool: pg.Pool, password: string): Promise<void> {
  try {
    await pool.query('select 1');
    return;
  } catch (err) {
    const code = (err as { code?: string }).code;
    // 28P01 wrong password, 28000 no password given or no pg_hba entry for it.
    if (code !== '28P01' && code !== '28000') throw err;
  }
  const c = await ownerPool.connect();
  try {
    await c.query(`alter role ${APP_ROLE} with login password ${c.escapeLiteral(password)}`);
  } finally {
    c.release();
  }
}

/** Refuses to run when the runtime connection could bypass row-level security (superuser, BYPASSRLS, owner). */
async function assertRuntimeRole(db: Db): Promise<void> {
  const [r] = await queryRows<{ role: string; superuser: boolean; bypass: boolean; owned: number; platform: boolean }>(
    db,
    sql`select current_user as role, r.rolsuper as superuser, r.rolbypassrls as bypass,
          pg_has_role(current_user, ${PLATFORM_ROLE}, 'USAGE') as platform,
          (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind = 'r' and pg_has_role(current_user, c.relowner, 'USAGE')) as owned
        from pg_roles r where r.rolname = current_user`,
  );
  if (!r || r.superuser || r.bypass || r.owned > 0 || r.platform) {
    throw new Error(
      `The runtime database role ${r?.role ?? '?'} can bypass row-level security (superuser, BYPASSRLS, ` +
        `table owner or inheriting ${PLATFORM_ROLE}): connect it as ${APP_ROLE} (DATABASE_APP_URL)`,
    );
  }
}

/**
 * Runs `fn` in a transaction scoped to one tenant: row-level security applies (SET LOCAL ROLE to the
 * NOSUPERUSER app role, app.tenant_id set for this transaction only), on top of the repositories' own filters.
 */
export function withTenant<T>(db: Db, tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: both settings are local to this transaction (set_config('role') is SET LOCAL ROLE).
    await queryPrepared(
      tx,
      sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${APP_ROLE}, true)`,
    );
    return fn(tx);
  });
}

/**
 * Runs `fn` in a transaction that may see every tenant (SET LOCAL ROLE tagstock_platform): sign-in, super admin
 * lists, reader authentication, sweeps, retention, seeding. Each cross-tenant path opts in here, explicitly; a
 * query in neither scope sees no tenant row.
 */
export function withPlatform<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${PLATFORM_ROLE}, true)`);
    return fn(tx);
  });
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Whether the database answers `select 1` within `ms` (a refused or late answer is false; a late one still runs). */
export async function pingWithin(db: Db, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      pingDatabase(db).then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * `queryRows` as a named prepared statement on PostgreSQL (PGlite runs it as it is): each connection parses and
 * plans it once, then only binds and executes it. For the statements a hot path runs many times a second (a
 * reader's batch), whose planning costs as much as their execution. Named after a hash of the text, so that two
 * texts never share a name; only for statements whose text does not vary without bound (values are parameters).
 */
export async function queryPrepared<T>(db: Tx, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    name = `q${createHash('sha1').update(built.sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 1000) statementNames.set(built.sql, name);
  }
  const res = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return res.rows;
}
