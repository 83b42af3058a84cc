import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { BackupWorker } from './backup-worker';

/**
 * A consistent copy of a running PGlite's data folder, with the database quiet for as short a time as possible.
 *
 * PGlite writes its files through the process's own file calls, so a copy taken while no query runs is what a
 * power cut at that instant would leave: PostgreSQL's crash recovery makes it consistent when it is opened
 * (committed transactions are there, one in progress at the instant is rolled back). Copying the whole folder
 * while holding every query would stall the server for as long as the copy takes, so the copy is made in three
 * passes, rsync-like: after a CHECKPOINT (the data files current, the WAL short), a first pass copies everything
 * while the server works; further passes, still online, copy again what changed during the previous one, until
 * one is short; then, inside `runExclusive` (no query runs), a last pass copies only what changed since the
 * previous one began — the WAL's newest segments and a few small files — and drops what was deleted. A file is taken as changed
 * when its size or modification time moved, or when it was modified after the previous pass began (less a
 * margin for the clock's granularity), so a write racing the copy of a file is always copied again later.
 *
 * Tables and indexes can be large, and a single write changes their file: when no checkpoint happened since the
 * first pass began (the control file is unchanged), the last pass leaves them as copied and takes only the WAL
 * and the small files — recovery redoes every change made to them since that checkpoint, as for a PostgreSQL base
 * backup (see backup-thread.mjs). Should a checkpoint have happened meanwhile, the last pass copies every changed
 * file. The passes run in the backup worker: the event loop only waits.
 */

/** At most this many online passes after the first; the last one of them shorter than SHORT_PASS_MS ends them. */
const ONLINE_PASSES = 4;
const SHORT_PASS_MS = 50;

export type PgliteSnapshot = {
  /** Folders (empty ones included) and files of the copy, relative to its root. */
  dirs: string[];
  files: string[];
  checkpointMs: number;
  /** How long no query could run (the last pass). */
  quietMs: number;
  copiedBytes: number;
  /** Files copied again while the database was quiet. */
  quietFiles: number;
  /** Whether the last pass left the relation files to recovery (no checkpoint since the first pass began). */
  walOnly: boolean;
};

export async function snapshotPglite(
  pglite: PGlite,
  dataDir: string,
  target: string,
  worker: BackupWorker,
  onPhase?: (phase: 'checkpoint' | 'copy' | 'quiet') => void,
): Promise<PgliteSnapshot> {
  onPhase?.('checkpoint');
  const c0 = performance.now();
  await pglite.query('CHECKPOINT');
  const checkpointMs = performance.now() - c0;

  onPhase?.('copy');
  const control = join(dataDir, 'global', 'pg_control');
  const checkpointed = await readFile(control);
  // No checkpoint since the first pass began: relation files may stay as copied (recovery redoes them).
  const noCheckpoint = async () => checkpointed.equals(await readFile(control));
  const firstStart = Date.now();
  await worker.pass({ dataDir, target, since: null });
  // Online passes until one is short (the WAL written meanwhile is small), then the quiet one. `since` is the
  // previous pass's start, or, for a pass that copies relation files again, the start of the last one that did.
  let lastStart = firstStart;
  let lastFullStart = firstStart;
  const next = async () => {
    const walOnly = await noCheckpoint();
    const start = Date.now();
    const result = await worker.pass({ dataDir, target, since: walOnly ? lastStart : lastFullStart, walOnly });
    lastStart = start;
    if (!walOnly) lastFullStart = start;
    return { ...result, walOnly, ms: Date.now() - start };
  };
  for (let i = 0; i < ONLINE_PASSES; i++) if ((await next()).ms < SHORT_PASS_MS) break;
  const last = await pglite.runExclusive(async () => {
    onPhase?.('quiet');
    const q0 = performance.now();
    const result = await next();
    return { ...result, quietMs: performance.now() - q0 };
  });
  return {
    dirs: last.dirs,
    files: last.files,
    checkpointMs: Math.round(checkpointMs),
    quietMs: Math.round(last.quietMs),
    copiedBytes: last.copiedBytes,
    quietFiles: last.changed,
    walOnly: last.walOnly,
  };
}
