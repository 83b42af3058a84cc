import { Worker } from 'node:worker_threads';
import type { Manifest } from './manifest';

/** backup-thread.mjs: beside this file in the sources, beside main.mjs in the bundle (ensure-build copies it). */
const WORKER_URL = new URL('./backup-thread.mjs', import.meta.url);

export type PassResult = { dirs: string[]; files: string[]; changed: number; copiedBytes: number };

export type ArchiveItem =
  | { type: 'directory'; path: string }
  | { type: 'file'; path: string; source: string }
  | { type: 'file'; path: string; content: Uint8Array };

export type BackupWorker = {
  /** One copy pass of a data folder into `target` (see pglite-snapshot.ts); the worker remembers earlier passes. */
  pass(args: { dataDir: string; target: string; since: number | null; walOnly?: boolean }): Promise<PassResult>;
  /** Writes the items, then the manifest, into `out` (gzip'd tar), synced; answers the manifest. */
  archive(
    args: { out: string; items: ArchiveItem[]; base: Omit<Manifest, 'entries'>; level: number },
    onProgress?: (bytes: number) => void,
  ): Promise<Manifest>;
  close(): Promise<void>;
};

type Pending = { resolve(value: unknown): void; reject(err: Error): void; progress?: (bytes: number) => void };
type Reply = { id: number; result?: unknown; progress?: number; error?: { message: string; code?: string } };

export function startBackupWorker(): BackupWorker {
  // Not the parent's flags: under tsx they would load a TypeScript loader the plain JavaScript worker does not need.
  const worker = new Worker(WORKER_URL, { execArgv: [] });
  const pending = new Map<number, Pending>();
  let seq = 0;
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    if (reply.progress !== undefined) return p.progress?.(reply.progress);
    pending.delete(reply.id);
    if (reply.error) p.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else p.resolve(reply.result);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`The backup worker stopped (exit ${code})`)));
  const call = <T>(op: string, args: unknown, progress?: (bytes: number) => void) =>
    new Promise<T>((resolve, reject) => {
      const id = ++seq;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, progress });
      worker.postMessage({ id, op, args });
    });
  return {
    pass: (args) => call<PassResult>('pass', args),
    archive: (args, onProgress) => call<Manifest>('archive', args, onProgress),
    async close() {
      await worker.terminate();
    },
  };
}
