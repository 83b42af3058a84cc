import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { APP_VERSION, ZBackupTrigger, ZDatabaseKind } from '@tagstock/contract';
import { migrationsFolder, queryRows, type Db } from '../../db/client';
import { sql } from 'drizzle-orm';

export const BACKUP_FORMAT = 'tagstock-backup';
export const MANIFEST_NAME = 'manifest.json';
/** The archive's folder of PGlite files, its PostgreSQL dump and the JWT secret file of DATA_DIR. */
export const PGDATA_PREFIX = 'pgdata/';
export const DUMP_NAME = 'database.pgdump';
export const JWT_SECRET_NAME = 'jwt-secret';

export const ZManifestEntry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('file'), path: z.string(), size: z.number().int(), sha256: z.string() }),
  z.object({ type: z.literal('directory'), path: z.string() }),
]);
export type ManifestEntry = z.infer<typeof ZManifestEntry>;

export const ZMigrationMark = z.object({
  /** The journal tag of the last migration applied, in the journal's order (`0029_french_einvoicing`). */
  tag: z.string(),
  count: z.number().int(),
  /** The journal time of every applied migration (drizzle records it for each): what a restore compares. */
  applied: z.array(z.number()),
});
export type MigrationMark = z.infer<typeof ZMigrationMark>;

/** The archive's last entry: what made it, from what, and each entry's size and SHA-256. */
export const ZManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  trigger: ZBackupTrigger,
  database: z.object({ kind: ZDatabaseKind, serverVersion: z.string(), migration: ZMigrationMark }),
  snapshot: z.object({
    method: z.enum(['pglite-files', 'pg_dump']),
    /** How long no query ran while the files were copied (PGlite). */
    quietMs: z.number().nullable(),
    checkpointMs: z.number().nullable(),
    /** PGlite: the last pass left the tables' and indexes' files to recovery (the WAL redoes their changes). */
    relationFilesFromWal: z.boolean().optional(),
  }),
  entries: z.array(ZManifestEntry),
});
export type Manifest = z.infer<typeof ZManifest>;

type JournalEntry = { idx: number; when: number; tag: string };

/** This code's migrations, oldest first. */
export async function journal(): Promise<JournalEntry[]> {
  const text = await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** The migrations applied to a database, named from this code's journal. */
export async function appliedMigration(owner: Db): Promise<MigrationMark> {
  const rows = await queryRows<{ created_at: string | number | null }>(
    owner,
    sql`select created_at from drizzle.__drizzle_migrations order by id`,
  );
  const applied = rows.map((r) => Number(r.created_at));
  const done = new Set(applied);
  const last = (await journal()).filter((e) => done.has(e.when)).at(-1);
  return { tag: last?.tag ?? 'none', count: applied.length, applied };
}

export async function serverVersion(owner: Db): Promise<string> {
  const [row] = await queryRows<{ v: string }>(owner, sql`select current_setting('server_version') as v`);
  return row?.v ?? 'unknown';
}

export const manifestBase = (
  fields: Pick<Manifest, 'createdAt' | 'trigger' | 'database' | 'snapshot'>,
): Omit<Manifest, 'entries'> => ({ format: BACKUP_FORMAT, formatVersion: 1, appVersion: APP_VERSION, ...fields });
