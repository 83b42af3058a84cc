import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

describe('coalesced', () => {
  it('shares runs among concurrent callers, and always answers with a run that started after the call', async () => {
    let value = 0;
    const starts: number[] = [];
    const gates: (() => void)[] = [];
    const read = coalesced(async (key: string) => {
      const seen = value;
      starts.push(seen);
      await new Promise<void>((r) => gates.push(r));
      return `${key}:${seen}`;
    });
    value = 1;
    const a = read('t');
    value = 2; // a change after the first run started: later callers must not get its result
    const b = read('t');
    const c = read('t');
    expect(starts).toEqual([1]);
    gates.shift()!();
    expect(await a).toBe('t:1');
    await new Promise((r) => setTimeout(r, 0));
    expect(starts).toEqual([1, 2]); // one run for b and c together
    gates.shift()!();
    expect(await b).toBe('t:2');
    expect(await c).toBe('t:2');
    // Keys are independent; an idle key runs at once.
    const d = read('u');
    expect(starts).toEqual([1, 2, 2]);
    gates.shift()!();
    expect(await d).toBe('u:2');
  });

  it('passes a failure to the callers of that run only', async () => {
    let fail = true;
    const read = coalesced(async () => {
      if (fail) throw new Error('down');
      return 'ok';
    });
    await expect(read('t')).rejects.toThrow('down');
    fail = false;
    expect(await read('t')).toBe('ok');
  });
});
