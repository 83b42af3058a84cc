import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TBackupStatus, TBackupTrigger } from '@tagstock/contract';
import type { BackupConfig } from '../../config';
import type { Database } from '../../db/client';
import { archivePath, GZIP_LEVEL } from './archive';
import { startBackupWorker, type ArchiveItem, type BackupWorker } from './backup-worker';
import { acquireBackupLock, BackupBusyError } from './backup-lock';
import { readStatus, updateStatus, type BackupSuccess } from './backup-status';
import { archiveName, archivesToKeep, listArchives } from './archives';
import {
  appliedMigration,
  DUMP_NAME,
  JWT_SECRET_NAME,
  manifestBase,
  PGDATA_PREFIX,
  serverVersion,
  type Manifest,
} from './manifest';
import { checkToolFor, connectionArgs, runTool, serverFacts, tryBackupAdvisoryLock } from './pg-tools';
import { snapshotPglite } from './pglite-snapshot';
import { createScheduler, formatTimeOfDay, type Scheduler } from './schedule';

export type BackupSettings = BackupConfig & {
  /** DATA_DIR: the PGlite files, and the JWT secret file of either kind. */
  dataDir: string;
  /** The owner's connection (DATABASE_URL), for pg_dump. */
  databaseUrl?: string;
};

export type BackupLog = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type BackupPhase = 'checkpoint' | 'copy' | 'quiet' | 'dump' | 'archive' | 'retention';
export type BackupProgress = { phase: BackupPhase; bytes?: number };

export type BackupResult = BackupSuccess & { path: string; manifest: Manifest; removed: string[] };

export type BackupService = {
  /** Writes one backup now; BackupBusyError when another runs (here or in another process). */
  run(trigger: TBackupTrigger, opts?: { onProgress?: (p: BackupProgress) => void }): Promise<BackupResult>;
  status(): Promise<TBackupStatus>;
  /** Starts the schedule (BACKUP_SCHEDULE); a no-op when off. */
  start(): void;
  /** Stops the schedule and waits for a backup under way. */
  stop(): Promise<void>;
};

/**
 * Backups of the database and DATA_DIR's JWT secret file into one archive in BACKUP_DIR: PGlite's files copied
 * by the process that owns them (see pglite-snapshot.ts), PostgreSQL through pg_dump. Written under a temporary
 * name and renamed once complete and synced; one at a time per folder (lock file) and per PostgreSQL database
 * (advisory lock); retention applied after each success. A failure is logged as an error and remembered.
 */
export function createBackupService(database: Database, settings: BackupSettings, log: BackupLog): BackupService {
  let running: { startedAt: string; trigger: TBackupTrigger; done: Promise<unknown> } | null = null;
  let lastFailure: TBackupStatus['lastFailure'] = null;

  async function run(
    trigger: TBackupTrigger,
    opts: { onProgress?: (p: BackupProgress) => void; slot?: Date } = {},
  ): Promise<BackupResult> {
    if (running) throw new BackupBusyError(null);
    const startedAt = new Date();
    const done = attempt(trigger, startedAt, opts);
    running = { startedAt: startedAt.toISOString(), trigger, done };
    try {
      return await done;
    } finally {
      running = null;
    }
  }

  async function attempt(
    trigger: TBackupTrigger,
    startedAt: Date,
    opts: { onProgress?: (p: BackupProgress) => void; slot?: Date },
  ): Promise<BackupResult> {
    const t0 = performance.now();
    const dir = settings.dir;
    // Undone last first: the advisory lock's connection, then the folder's lock.
    const cleanups: (() => Promise<unknown>)[] = [];
    let worker: BackupWorker | undefined;
    const staging = join(dir, `.staging-${randomBytes(6).toString('hex')}`);
    const partial = join(dir, `.backup-${randomBytes(6).toString('hex')}.tar.gz.partial`);
    try {
      const lock = await acquireBackupLock(dir, trigger);
      cleanups.push(lock.release);
      await removeLeftovers(dir, [staging, partial]);
      worker = startBackupWorker();
      const produced =
        database.kind === 'postgres'
          ? await dumpPostgres(staging, trigger, opts.onProgress, cleanups)
          : await copyPglite(staging, trigger, worker, opts.onProgress);
      const items: ArchiveItem[] = [...(await jwtSecretItem()), ...produced.items];
      opts.onProgress?.({ phase: 'archive', bytes: 0 });
      const manifest = await worker.archive({ out: partial, items, base: produced.base, level: GZIP_LEVEL }, (bytes) =>
        opts.onProgress?.({ phase: 'archive', bytes }),
      );
      const fileName = await finalName(dir, new Date(manifest.createdAt));
      await rename(partial, join(dir, fileName));
      await syncDir(dir);
      const sizeBytes = (await listArchives(dir)).find((a) => a.fileName === fileName)?.sizeBytes ?? 0;
      const success: BackupSuccess = {
        fileName,
        createdAt: manifest.createdAt,
        finishedAt: new Date().toISOString(),
        durationMs: Math.round(performance.now() - t0),
        sizeBytes,
        quietMs: manifest.snapshot.quietMs,
        checkpointMs: manifest.snapshot.checkpointMs,
        trigger,
        slot: opts.slot?.toISOString() ?? null,
        appVersion: manifest.appVersion,
        migration: manifest.database.migration.tag,
      };
      await updateStatus(dir, { lastSuccess: success });
      opts.onProgress?.({ phase: 'retention' });
      const removed = await applyRetention();
      log.info(
        { backup: fileName, sizeBytes, durationMs: success.durationMs, quietMs: success.quietMs, removed },
        'backup written',
      );
      return { ...success, path: join(dir, fileName), manifest, removed };
    } catch (err) {
      if (!(err instanceof BackupBusyError)) {
        const failure = { at: new Date().toISOString(), trigger, message: (err as Error).message };
        lastFailure = failure;
        log.error({ err, trigger, startedAt: startedAt.toISOString() }, 'backup failed');
        await updateStatus(dir, { lastFailure: failure }).catch(() => undefined);
      }
      throw err;
    } finally {
      await worker?.close();
      await rm(staging, { recursive: true, force: true }).catch(() => undefined);
      await rm(partial, { force: true }).catch(() => undefined);
      for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
    }
  }

  async function copyPglite(
    staging: string,
    trigger: TBackupTrigger,
    worker: BackupWorker,
    onProgress?: (p: BackupProgress) => void,
  ) {
    const pglite = database.pglite;
    if (!pglite?.dataDir) throw new Error('This database lives in memory: it has no files to back up');
    if (resolve(pglite.dataDir) !== resolve(settings.dataDir))
      throw new Error(`The database's folder ${pglite.dataDir} is not DATA_DIR (${settings.dataDir})`);
    const [migration, version] = [await appliedMigration(database.owner), await serverVersion(database.owner)];
    const snap = await snapshotPglite(pglite, settings.dataDir, staging, worker, (phase) => onProgress?.({ phase }));
    const createdAt = new Date().toISOString();
    const items: ArchiveItem[] = [
      { type: 'directory', path: PGDATA_PREFIX.slice(0, -1) },
      ...snap.dirs.map((d) => ({ type: 'directory' as const, path: archivePath(PGDATA_PREFIX, d) })),
      ...snap.files.map((f) => ({
        type: 'file' as const,
        path: archivePath(PGDATA_PREFIX, f),
        source: join(staging, f),
      })),
    ];
    const base = manifestBase({
      createdAt,
      trigger,
      database: { kind: 'pglite', serverVersion: version, migration },
      snapshot: {
        method: 'pglite-files',
        quietMs: snap.quietMs,
        checkpointMs: snap.checkpointMs,
        relationFilesFromWal: snap.walOnly,
      },
    });
    return { items, base };
  }

  async function dumpPostgres(
    staging: string,
    trigger: TBackupTrigger,
    onProgress: ((p: BackupProgress) => void) | undefined,
    cleanups: (() => Promise<unknown>)[],
  ) {
    const url = settings.databaseUrl;
    if (!url) throw new Error('No DATABASE_URL to back up');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    cleanups.push(() => client.end());
    const facts = await serverFacts(client);
    await checkToolFor('pg_dump', settings.pgBinDir, facts, 'back up');
    if (!(await tryBackupAdvisoryLock(client))) throw new BackupBusyError(null);
    const migration = await appliedMigration(database.owner);
    await mkdir(staging, { recursive: true });
    const file = join(staging, DUMP_NAME);
    const { dbname, env } = connectionArgs(url);
    onProgress?.({ phase: 'dump' });
    // pg_dump's snapshot is taken as it starts: that instant is the backup's.
    const createdAt = new Date().toISOString();
    // Uncompressed: the archive's gzip compresses it once.
    await runTool(
      'pg_dump',
      settings.pgBinDir,
      ['--format=custom', '--compress=0', '--no-password', `--file=${file}`, `--dbname=${dbname}`],
      env,
    );
    const items: ArchiveItem[] = [{ type: 'file', path: DUMP_NAME, source: file }];
    const base = manifestBase({
      createdAt,
      trigger,
      database: { kind: 'postgres', serverVersion: facts.version, migration },
      snapshot: { method: 'pg_dump', quietMs: null, checkpointMs: null },
    });
    return { items, base };
  }

  async function jwtSecretItem(): Promise<ArchiveItem[]> {
    const path = join(settings.dataDir, JWT_SECRET_NAME);
    if (!existsSync(path)) return [];
    return [{ type: 'file', path: JWT_SECRET_NAME, content: await readFile(path) }];
  }

  async function applyRetention(): Promise<string[]> {
    const archives = await listArchives(settings.dir);
    const kept = archivesToKeep(archives, settings.keep, settings.timeZone);
    const removed: string[] = [];
    for (const a of archives) {
      if (kept.has(a.fileName)) continue;
      await unlink(join(settings.dir, a.fileName)).catch(() => undefined);
      removed.push(a.fileName);
    }
    return removed;
  }

  const scheduler: Scheduler | null = settings.times
    ? createScheduler(settings.times, settings.timeZone, async (slot) => {
        // Several processes sharing the folder: the first one runs the slot, the others find it done.
        if ((await readStatus(settings.dir)).lastSuccess?.slot === slot.toISOString()) return;
        await run('scheduled', { slot }).catch((err: unknown) => {
          if (err instanceof BackupBusyError) log.info({ err: err.message }, 'scheduled backup skipped');
        });
      })
    : null;

  async function status(): Promise<TBackupStatus> {
    const [archives, file] = await Promise.all([listArchives(settings.dir), readStatus(settings.dir)]);
    const newest = archives[0];
    const recorded = file.lastSuccess?.fileName === newest?.fileName ? file.lastSuccess : undefined;
    const failures = [file.lastFailure, lastFailure].filter((f) => !!f).sort((a, b) => b.at.localeCompare(a.at));
    return {
      databaseKind: database.kind,
      directory: settings.dir,
      schedule: {
        times: (settings.times ?? []).map(formatTimeOfDay),
        timeZone: settings.timeZone,
        nextRunAt: scheduler?.next()?.toISOString() ?? null,
      },
      retention: settings.keep,
      running: running ? { startedAt: running.startedAt, trigger: running.trigger } : null,
      lastBackup: newest
        ? {
            ...newest,
            createdAt: recorded?.createdAt ?? newest.createdAt,
            trigger: recorded?.trigger ?? null,
            durationMs: recorded?.durationMs ?? null,
            quietMs: recorded?.quietMs ?? null,
            appVersion: recorded?.appVersion ?? null,
            migration: recorded?.migration ?? null,
          }
        : null,
      lastFailure: failures[0] ?? null,
      archives,
      totalBytes: archives.reduce((sum, a) => sum + a.sizeBytes, 0),
    };
  }

  return {
    run: (trigger, opts) => run(trigger, opts),
    status,
    start: () => scheduler?.start(),
    async stop() {
      scheduler?.stop();
      await running?.done.catch(() => undefined);
    },
  };
}

/** Temporary files a crashed backup left (the lock is ours: no other backup is writing them). */
async function removeLeftovers(dir: string, ours: string[]) {
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if (ours.includes(path)) continue;
    if (name.startsWith('.staging-') || (name.startsWith('.backup-') && name.endsWith('.partial')))
      await rm(path, { recursive: true, force: true });
  }
}

async function finalName(dir: string, at: Date): Promise<string> {
  for (let seq = 0; ; seq++) {
    const name = archiveName(at, seq);
    if (!existsSync(join(dir, name))) return name;
  }
}

/** Makes the rename durable: a power cut after this keeps the archive under its final name. */
async function syncDir(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse to sync a folder; the rename is still atomic.
  } finally {
    await handle.close();
  }
}
