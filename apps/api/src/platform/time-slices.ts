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

// Recent chunks the fixed cost of a transaction is estimated from.
const WINDOW = 16;

/**
 * Sizes the chunks of a write from their measured times. A chunk costs a fixed part (the transaction, planning
 * its statements, waiting for the database) plus a part per row. The fixed part is estimated by least squares
 * over the recent chunks (none until their sizes differ), the part per row from the last chunk alone, so a
 * slower machine shows at once; the next chunk gets the rows that fit in the rest of the budget, at most twice
 * the last (one fast chunk is not trusted at once), at least one. Counting the fixed part as rows would shrink
 * the chunks of a slow transaction to one row each and keep them there.
 */
export class ChunkSizer {
  private readonly recent: { rows: number; ms: number }[] = [];

  constructor(private readonly timing: ChunkTiming) {}

  next(lastRows: number, lastMs: number): number {
    const { budgetMs, max } = this.timing;
    this.recent.push({ rows: lastRows, ms: lastMs });
    if (this.recent.length > WINDOW) this.recent.shift();
    const fixed = this.fixedMs();
    const perRow = (lastMs - fixed) / lastRows;
    // The budget cannot hold even the fixed part: more rows per transaction at least cost it less often.
    let fit = fixed >= budgetMs ? lastRows : perRow > 0 ? Math.floor((budgetMs - fixed) / perRow) : max;
    // Within the budget, one row more: chunks of one size alone never tell the fixed part.
    if (lastMs <= budgetMs) fit = Math.max(fit, lastRows + 1);
    return Math.max(1, Math.min(max, lastRows * 2, fit));
  }

  /** The intercept of time against rows over the recent chunks, between 0 and the fastest chunk's time. */
  private fixedMs(): number {
    const n = this.recent.length;
    const meanRows = this.recent.reduce((s, c) => s + c.rows, 0) / n;
    const meanMs = this.recent.reduce((s, c) => s + c.ms, 0) / n;
    let cov = 0;
    let variance = 0;
    for (const c of this.recent) {
      cov += (c.rows - meanRows) * (c.ms - meanMs);
      variance += (c.rows - meanRows) ** 2;
    }
    if (variance === 0 || cov <= 0) return 0;
    const fastest = Math.min(...this.recent.map((c) => c.ms));
    return Math.min(fastest, Math.max(0, meanMs - (cov / variance) * meanRows));
  }
}

/**
 * Runs `write` over `items` chunk by chunk, each chunk sized by the times of the previous ones (`ChunkSizer`), turning the event loop between two chunks so that waiting requests go first.
 */
export async function inTimedChunks<T>(
  items: readonly T[],
  timing: ChunkTiming,
  write: (chunk: T[], offset: number) => Promise<void>,
): Promise<void> {
  const sizer = new ChunkSizer(timing);
  let size = Math.min(timing.first, timing.max);
  for (let offset = 0; offset < items.length; ) {
    if (offset > 0) await yieldToLoop();
    const chunk = items.slice(offset, offset + size);
    const started = timing.now();
    await write(chunk, offset);
    size = sizer.next(chunk.length, timing.now() - started);
    offset += chunk.length;
  }
}
