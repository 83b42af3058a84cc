import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's engine (10 MB of WebAssembly) compiled once per process. The compilation runs off the main thread:
 * the server starts it as its modules load (pglite-engine-early.ts), so that it is done, or nearly, when the
 * database is opened.
 */
export function pgliteEngine(): Promise<WebAssembly.Module> {
  compiled ??= readFile(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'),
  ).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}
