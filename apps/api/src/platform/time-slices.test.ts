import { describe, expect, it } from 'vitest';
import { inTimedChunks, loopTurns, type ChunkTiming } from './time-slices';

/** A clock that moves only when told. */
function fakeClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const timing = (now: () => number): ChunkTiming => ({ budgetMs: 20, first: 25, max: 1000, now });

/** The sizes of the chunks `inTimedChunks` makes of `count` rows when a chunk costs `cost(rows, offset)` ms. */
async function chunkSizes(count: number, first: number, cost: (rows: number, offset: number) => number) {
  const clock = fakeClock();
  const items = Array.from({ length: count }, (_, i) => i);
  const sizes: number[] = [];
  const seen: number[] = [];
  await inTimedChunks(items, { ...timing(clock.now), first }, async (chunk, offset) => {
    expect(chunk[0]).toBe(offset);
    sizes.push(chunk.length);
    seen.push(...chunk);
    clock.advance(cost(chunk.length, offset));
  });
  // Every row once, in order.
  expect(seen).toEqual(items);
  return sizes;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe('chunks sized by time', () => {
  it('fits the chunks in the budget once a transaction’s fixed cost shows', async () => {
    // 8 ms a transaction plus 0.5 ms a row: 24 rows fill 20 ms.
    const sizes = await chunkSizes(2000, 25, (rows) => 8 + 0.5 * rows);
    for (const size of sizes.slice(1, -1)) expect(size).toBeOneOf([24, 25]);
  });

  it('grows from one row when the fixed cost nearly fills the budget, instead of staying at one row', async () => {
    // 15.8 ms a transaction plus 0.2 ms a row: 21 rows fill 20 ms.
    const sizes = await chunkSizes(2000, 1, (rows) => 15.8 + 0.2 * rows);
    expect(sizes.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
    expect(Math.min(...sizes.slice(5, -1))).toBeGreaterThanOrEqual(20);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(22);
  });

  it('grows while writes are fast and shrinks at once when they slow down', async () => {
    // 0.1 ms a row for the first 1,000 rows, then 1 ms a row (the machine got busy).
    const sizes = await chunkSizes(3000, 25, (rows, offset) => rows * (offset < 1000 ? 0.1 : 1));
    // Doubling from 25 up to the 200 rows that fill 20 ms.
    expect(sizes.slice(0, 5)).toEqual([25, 50, 100, 200, 201]);
    // The first slow chunk (from row 1,175 on) still has about 200 rows, nothing told otherwise yet; the next one
    // fits 20 ms at 1 ms a row, and so do the following ones.
    expect(sizes.slice(8, 10)).toEqual([201, 20]);
    expect(median(sizes.slice(10))).toBe(20);
  });
});

describe('loop turns during parsing and validation', () => {
  it('turns the event loop only once a slice of time has been used', async () => {
    const clock = fakeClock();
    const turn = loopTurns(8, clock.now);
    let turned = false;
    setImmediate(() => (turned = true));
    clock.advance(7);
    await turn();
    expect(turned).toBe(false);
    clock.advance(1);
    await turn();
    expect(turned).toBe(true);
  });
});
