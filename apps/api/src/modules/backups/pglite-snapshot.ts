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
 * while the server works; a second pass, still online, copies again what changed during the first; then, inside
 * `runExclusive` (no query runs), a last pass copies only what changed since the second pass began — the WAL's
 * current segment and the few pages written meanwhile — and drops what was deleted. A file is taken as changed
 * when its size or modification time moved, or when it was modified after the previous pass began (less a
 * margin for the clock's granularity), so a write racing the copy of a file is always copied again later. The
 * passes run in the backup worker (backup-thread.mjs): the event loop only waits.
 */

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
  const firstStart = Date.now();
  await worker.pass({ dataDir, target, since: null });
  const secondStart = Date.now();
  await worker.pass({ dataDir, target, since: firstStart });
  const last = await pglite.runExclusive(async () => {
    onPhase?.('quiet');
    const q0 = performance.now();
    const result = await worker.pass({ dataDir, target, since: secondStart });
    return { ...result, quietMs: performance.now() - q0 };
  });
  return {
    dirs: last.dirs,
    files: last.files,
    checkpointMs: Math.round(checkpointMs),
    quietMs: Math.round(last.quietMs),
    copiedBytes: last.copiedBytes,
    quietFiles: last.changed,
  };
}
