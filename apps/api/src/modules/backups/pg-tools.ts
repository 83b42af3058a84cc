import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type pg from 'pg';

/**
 * PostgreSQL's own client programs: `pg_dump` (custom format) for backups, `pg_restore` for restores. They run as
 * child processes, so a dump of any size costs the server's event loop nothing. The password goes through the
 * environment, never on a command line other users could read.
 */

export type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

export class BackupToolError extends Error {
  readonly code = 'backup_tool_missing';
}

export const toolPath = (tool: PgTool, binDir: string | undefined) => (binDir ? join(binDir, tool) : tool);

/** A connection string without its password, and the environment that carries the password. */
export function connectionArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export type RunResult = { stdout: string; stderr: string };

/** Runs a PostgreSQL program; rejects with its error output when it fails, or says what to install when absent. */
export function runTool(
  tool: PgTool,
  binDir: string | undefined,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(toolPath(tool, binDir), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') reject(new BackupToolError(missingMessage(tool, binDir)));
      else reject(err);
    });
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}

const missingMessage = (tool: PgTool, binDir: string | undefined) =>
  `${tool} was not found ${binDir ? `in PG_BIN_DIR (${binDir})` : 'on the PATH'}: install PostgreSQL's client ` +
  `programs of the server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client, or ` +
  `postgresql-client-<major> from apt.postgresql.org), or set PG_BIN_DIR to the folder holding ${tool}`;

/** The major version of a PostgreSQL program (`pg_dump (PostgreSQL) 15.20` → 15). */
export async function toolMajor(tool: PgTool, binDir: string | undefined): Promise<number> {
  const { stdout } = await runTool(tool, binDir, ['--version']);
  const m = /(\d+)(?:\.\d+)?/.exec(stdout);
  if (!m) throw new Error(`${tool} --version answered ${JSON.stringify(stdout.trim())}`);
  return Number(m[1]);
}

type ServerFacts = { major: number; version: string; bypassesRls: boolean; user: string };

export async function serverFacts(client: pg.Client): Promise<ServerFacts> {
  const { rows } = await client.query<{ num: string; version: string; bypass: boolean; user: string }>(
    `select current_setting('server_version_num') as num, current_setting('server_version') as version,
            (r.rolsuper or r.rolbypassrls) as bypass, current_user as user
       from pg_roles r where r.rolname = current_user`,
  );
  const row = rows[0]!;
  return { major: Math.floor(Number(row.num) / 10000), version: row.version, bypassesRls: row.bypass, user: row.user };
}

/**
 * Checks that the programs can work on this server: their major version is the server's or newer, and the
 * DATABASE_URL user sees every row (row-level security is forced on the tenant tables, the owner included).
 */
export async function checkToolFor(
  tool: PgTool,
  binDir: string | undefined,
  facts: ServerFacts,
  what: 'back up' | 'restore',
): Promise<void> {
  const major = await toolMajor(tool, binDir);
  if (major < facts.major)
    throw new BackupToolError(
      `${tool} ${major} cannot ${what} a PostgreSQL ${facts.major} server: install postgresql-client-${facts.major} ` +
        `(or newer) and set PG_BIN_DIR to its folder (e.g. /usr/lib/postgresql/${facts.major}/bin)`,
    );
  if (!facts.bypassesRls)
    throw new Error(
      `The DATABASE_URL user ${facts.user} cannot ${what} every tenant's rows: row-level security is forced on the ` +
        `tenant tables. Run it as a superuser, or give that user BYPASSRLS (as a superuser: ALTER ROLE ` +
        `${facts.user} BYPASSRLS)`,
    );
}

/** Key of the session advisory lock that keeps two backups of one database apart (any host, any folder). */
const BACKUP_LOCK_KEY = 7_251_031_337;

/** Takes the database's backup lock on its own connection; null when another session holds it. */
export async function tryBackupAdvisoryLock(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [BACKUP_LOCK_KEY]);
  return rows[0]?.ok === true;
}
