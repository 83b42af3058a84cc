import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { TBackupTrigger } from '@tagstock/contract';
import { isAlive, thisProcess, type ProcessRef } from './process-info';

/**
 * One backup at a time per backup folder, across processes and hosts sharing it: a lock file created with
 * O_CREAT|O_EXCL, touched every HEARTBEAT_MS while held. A lock whose process is gone (same host) or whose
 * heartbeat stopped STALE_MS ago (a crashed host) is stale and taken over; the takeover renames the file away
 * and checks it renamed the very file it judged stale, so two processes never both take it.
 */
export const LOCK_NAME = '.backup.lock';
const HEARTBEAT_MS = 30_000;
const STALE_MS = 10 * 60_000;

type LockInfo = ProcessRef & { startedAt: string; trigger: TBackupTrigger };

export class BackupBusyError extends Error {
  readonly code = 'backup_running';
  constructor(readonly holder: LockInfo | null) {
    super(
      holder
        ? `Another backup is running (process ${holder.pid} on ${holder.hostname}, ${holder.trigger}, since ${holder.startedAt})`
        : 'Another backup is running',
    );
  }
}

export type BackupLock = { release(): Promise<void> };

export async function acquireBackupLock(dir: string, trigger: TBackupTrigger): Promise<BackupLock> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, LOCK_NAME);
  const info: LockInfo = { ...thisProcess(), startedAt: new Date().toISOString(), trigger };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx', 0o600);
      await file.writeFile(JSON.stringify(info));
      const { ino } = await file.stat();
      await file.close();
      return held(path, ino);
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
    const holder = await readHolder(path);
    if (!holder) continue; // released meanwhile
    if (!holder.stale) throw new BackupBusyError(holder.info);
    if (!(await takeOver(path, holder.ino))) throw new BackupBusyError(holder.info);
  }
  throw new BackupBusyError(null);
}

function held(path: string, ino: number): BackupLock {
  const beat = setInterval(() => {
    const now = new Date();
    utimes(path, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  beat.unref();
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(beat);
      // Only our own file: never a lock another process took over after judging ours stale.
      const now = await stat(path).catch(() => null);
      if (now?.ino === ino) await unlink(path).catch(() => undefined);
    },
  };
}

async function readHolder(path: string): Promise<{ info: LockInfo | null; ino: number; stale: boolean } | null> {
  try {
    const st = await stat(path);
    let info: LockInfo | null = null;
    try {
      info = JSON.parse(await readFile(path, 'utf8')) as LockInfo;
    } catch {
      // Being written, or garbage: judged by its age alone.
    }
    const old = Date.now() - st.mtimeMs > STALE_MS;
    const gone = info !== null && !isAlive(info);
    return { info, ino: st.ino, stale: old || gone };
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return null;
    throw err;
  }
}

async function takeOver(path: string, staleIno: number): Promise<boolean> {
  const aside = `${path}.stale-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return true; // someone else removed it: try again
    throw err;
  }
  const moved = await stat(aside);
  if (moved.ino === staleIno) {
    await unlink(aside).catch(() => undefined);
    return true;
  }
  // We moved a fresh lock another process had just taken: put it back unless a third took the place.
  await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return false;
}
