import { describe, expect, it } from 'vitest';
import { inTimedChunks, loopTurns, nextChunkSize, type ChunkTiming } from './time-slices';

/** A clock that moves only when told. */
function fakeClock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const timing = (now: () => number): ChunkTiming => ({ budgetMs: 20, first: 25, max: 1000, now });

describe('chunks sized by time', () => {
  it('fits the next chunk in the budget from the last one’s time per row, growing at most twice', () => {
    const t = timing(() => 0);
    expect(nextChunkSize(50, 10, t)).toBe(100);
    expect(nextChunkSize(50, 40, t)).toBe(25);
    expect(nextChunkSize(50, 1, t)).toBe(100);
    expect(nextChunkSize(800, 1, t)).toBe(1000);
    expect(nextChunkSize(1, 500, t)).toBe(1);
    expect(nextChunkSize(10, 0, t)).toBe(20);
  });

  it('grows while writes are fast, shrinks at once when they slow down, and writes every row once in order', async () => {
    const clock = fakeClock();
    const items = Array.from({ length: 3000 }, (_, i) => i);
    const sizes: number[] = [];
    const seen: number[] = [];
    await inTimedChunks(items, timing(clock.now), async (chunk, offset) => {
      expect(chunk[0]).toBe(offset);
      sizes.push(chunk.length);
      seen.push(...chunk);
      // 0.1 ms a row for the first 1,000 rows, then 1 ms a row (the machine got busy).
      clock.advance(chunk.length * (offset < 1000 ? 0.1 : 1));
    });
    expect(seen).toEqual(items);
    // 25, 50, 100, 200 (doubling), then 200 rows fit 20 ms at 0.1 ms/row. The first slow chunk (from row 1,175)
    // still has 200 rows, as nothing told otherwise yet; at 1 ms/row the next ones have 20.
    expect(sizes.slice(0, 9)).toEqual([25, 50, 100, 200, 200, 200, 200, 200, 200]);
    expect(sizes.slice(9, 13)).toEqual([20, 20, 20, 20]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(3000);
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
