import { setImmediate as yieldToLoop } from 'node:timers/promises';

/** A clock in milliseconds (performance.now by default; tests pass their own). */
export type Clock = () => number;
const monotonic: Clock = () => performance.now();

// Work done between two turns of the event loop while a file is parsed and validated.
const SLICE_MS = 8;

/**
 * A check to call between two small pieces of work (a row, a block of text): it turns the event loop once
 * `sliceMs` have passed since the last turn, so requests waiting on this thread never wait longer than that.
 * Sized by time, not by count: a row costs more on a busy machine, and XLSX rows cost more than CSV rows.
 */
export function loopTurns(sliceMs = SLICE_MS, now: Clock = monotonic): () => Promise<void> {
  let since = now();
  return async () => {
    if (now() - since < sliceMs) return;
    await yieldToLoop();
    since = now();
  };
}

export type ChunkTiming = {
  /** What one write transaction should take at most: on PGlite every other query waits that long. */
  budgetMs: number;
  /** Rows of the first chunk, before anything is measured. */
  first: number;
  /** Rows of a chunk at most, however fast the writes (bounds one statement's size). */
  max: number;
  now: Clock;
};

export const IMPORT_TIMING: ChunkTiming = { budgetMs: 20, first: 25, max: 1000, now: monotonic };

/**
 * The rows of the next chunk, from the last one's time: as many as its time per row fits in the budget, at most
 * twice the last (one fast chunk is not trusted at once), at least one. The measure includes the transaction's
 * fixed cost and any wait for the database, so it errs on the small side.
 */
export function nextChunkSize(lastRows: number, lastMs: number, timing: ChunkTiming): number {
  const fit = lastMs > 0 ? Math.floor((timing.budgetMs * lastRows) / lastMs) : timing.max;
  return Math.max(1, Math.min(timing.max, lastRows * 2, fit));
}

/**
 * Runs `write` over `items` chunk by chunk, each chunk sized by the time the previous one took
 * (`nextChunkSize`), turning the event loop between two chunks so that waiting requests go first.
 */
export async function inTimedChunks<T>(
  items: readonly T[],
  timing: ChunkTiming,
  write: (chunk: T[], offset: number) => Promise<void>,
): Promise<void> {
  let size = Math.min(timing.first, timing.max);
  for (let offset = 0; offset < items.length; ) {
    if (offset > 0) await yieldToLoop();
    const chunk = items.slice(offset, offset + size);
    const started = timing.now();
    await write(chunk, offset);
    size = nextChunkSize(chunk.length, timing.now() - started, timing);
    offset += chunk.length;
  }
}
