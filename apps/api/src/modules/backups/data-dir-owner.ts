import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive, thisProcess, type ProcessRef } from './process-info';

/**
 * PGlite is one process's: two processes on one data folder lose writes. The process that opens DATA_DIR (the
 * server, or the backup and restore commands when no server runs) says so in `DATA_DIR/.owner.json`, and no other
 * one opens the folder while that process lives. The server also writes there where it listens and a secret of
 * this run, through which `npm run backup` asks it for a backup (a file only the folder's owner can read).
 */
export const OWNER_FILE = '.owner.json';
/** The server's route for `npm run backup`, and the header carrying the secret of this run. */
export const INTERNAL_BACKUP_PATH = '/backend/internal/backup';
export const BACKUP_SECRET_HEADER = 'x-tagstock-backup-secret';

export type OwnerRole = 'server' | 'backup' | 'restore';
export type Owner = ProcessRef & {
  role: OwnerRole;
  startedAt: string;
  /** Where the server listens, once it does. */
  address?: { host: string; port: number };
  secret?: string;
};

export class DataDirBusyError extends Error {
  readonly code = 'data_dir_busy';
  constructor(
    readonly dataDir: string,
    readonly owner: Owner,
  ) {
    super(
      `${dataDir} is in use by ${owner.role === 'server' ? 'the Tagstock server' : `npm run ${owner.role}`} ` +
        `(process ${owner.pid}): PGlite allows one process per data folder`,
    );
  }
}

/** The live process holding the folder, if any (a file left by a process that is gone does not count). */
export function liveOwner(dataDir: string): Owner | null {
  const owner = readOwner(dataDir);
  return owner && isAlive(owner) ? owner : null;
}

function readOwner(dataDir: string): Owner | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, OWNER_FILE), 'utf8')) as Owner;
  } catch {
    return null;
  }
}

const same = (a: Owner | null, b: Owner) =>
  a?.pid === b.pid && a.startedAt === b.startedAt && a.hostname === b.hostname;

export type DataDirClaim = {
  owner: Owner;
  /** Records where the server listens. */
  listening(address: { host: string; port: number }): void;
  release(): void;
};

/** Takes the folder for this process, or throws DataDirBusyError naming the process that has it. */
export function claimDataDir(dataDir: string, role: OwnerRole): DataDirClaim {
  mkdirSync(dataDir, { recursive: true });
  const held = liveOwner(dataDir);
  if (held) throw new DataDirBusyError(dataDir, held);
  const owner: Owner = {
    ...thisProcess(),
    role,
    startedAt: new Date().toISOString(),
    ...(role === 'server' ? { secret: randomBytes(32).toString('base64url') } : {}),
  };
  const path = join(dataDir, OWNER_FILE);
  const write = () => {
    const tmp = `${path}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
    renameSync(tmp, path);
  };
  write();
  // Two processes starting at once: the last rename wins, the other one sees it is not the owner.
  const written = readOwner(dataDir);
  if (written && !same(written, owner)) throw new DataDirBusyError(dataDir, written);
  let released = false;
  return {
    owner,
    listening(address) {
      owner.address = address;
      write();
    },
    release() {
      if (released) return;
      released = true;
      if (same(readOwner(dataDir), owner)) rmSync(path, { force: true });
    },
  };
}
