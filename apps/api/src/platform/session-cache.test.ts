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

  it('does not keep a session loaded while it was invalidated (it may have been read before the change)', async () => {
    const cache = new SessionCache<string>(60_000);
    let version = 1;
    let release = () => {};
    const slowLoad = () =>
      new Promise<string>((resolve) => {
        const read = `v${version}`;
        release = () => resolve(read);
      });
    const racing = cache.get(1, slowLoad);
    version = 2;
    cache.invalidate(1);
    release();
    expect(await racing).toBe('v1');
    expect(await cache.get(1, async () => `v${version}`)).toBe('v2');
  });
});
