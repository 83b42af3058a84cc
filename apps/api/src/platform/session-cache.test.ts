import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

describe('SessionCache', () => {
  it('serves a loaded session until invalidated or expired', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new SessionCache<string>(1000, () => clock);
    const load = async (id: number) => {
      loads += 1;
      return `user-${id}-v${loads}`;
    };
    expect(await cache.get(1, load)).toBe('user-1-v1');
    expect(await cache.get(1, load)).toBe('user-1-v1');
    cache.invalidate(1);
    expect(await cache.get(1, load)).toBe('user-1-v2');
    clock = 1500;
    expect(await cache.get(1, load)).toBe('user-1-v3');
    cache.clear();
    expect(await cache.get(1, load)).toBe('user-1-v4');
    expect(await cache.get(2, async () => undefined)).toBeUndefined();
  });
});
