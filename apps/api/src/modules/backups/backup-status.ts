import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TBackupFailure, TBackupTrigger } from '@tagstock/contract';

/**
 * What the backup folder remembers of its runs (`status.json`): the last success with what it measured, and the
 * last failure. Every process writing to the folder (servers, the command) updates it, so a super admin sees the
 * last backup whoever made it. Written to a temporary name then renamed: never half a file.
 */
export const STATUS_NAME = 'status.json';

export type BackupSuccess = {
  fileName: string;
  createdAt: string;
  finishedAt: string;
  durationMs: number;
  sizeBytes: number;
  quietMs: number | null;
  checkpointMs: number | null;
  trigger: TBackupTrigger;
  /** The scheduled instant it ran for (processes sharing the folder run each slot once). */
  slot: string | null;
  appVersion: string;
  migration: string;
};

export type StatusFile = { lastSuccess?: BackupSuccess; lastFailure?: TBackupFailure };

export async function readStatus(dir: string): Promise<StatusFile> {
  try {
    return JSON.parse(await readFile(join(dir, STATUS_NAME), 'utf8')) as StatusFile;
  } catch {
    return {};
  }
}

export async function updateStatus(dir: string, change: StatusFile): Promise<void> {
  const next = { ...(await readStatus(dir)), ...change };
  const tmp = join(dir, `.${STATUS_NAME}.${randomBytes(4).toString('hex')}`);
  await writeFile(tmp, JSON.stringify(next, null, 2), { mode: 0o600 });
  await rename(tmp, join(dir, STATUS_NAME));
}
