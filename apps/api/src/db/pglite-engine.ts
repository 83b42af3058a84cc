import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';

type Engine = NonNullable<PGliteOptions['pgliteWasmModule']>;
// The global, typed here: it belongs to no library every workspace loads (the DOM's declares it, Node's types do not).
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<Engine> };

let compiled: Promise<Engine> | undefined;

/**
 * PGlite's engine (10 MB of WebAssembly) compiled once per process. The compilation runs off the main thread:
 * the server starts it as its modules load (pglite-engine-early.ts), so that it is done, or nearly, when the
 * database is opened.
 */
export function pgliteEngine(): Promise<Engine> {
  compiled ??= readFile(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'),
  ).then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}
