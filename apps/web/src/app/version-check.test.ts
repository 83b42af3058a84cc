import { describe, expect, it, vi } from 'vitest';
import { checkVersion, RELOAD_GUARD_KEY } from './version-check';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};

describe('checkVersion', () => {
  it('does nothing when the deployed version is the running one', async () => {
    const reload = vi.fn();
    const result = await checkVersion({
      current: '1.91.0',
      fetchMeta: async () => ({ version: '1.91.0' }),
      storage: memoryStorage(),
      reload,
    });
    expect(result).toBe('same');
    expect(reload).not.toHaveBeenCalled();
  });

  it('clears caches and reloads once on a new version, never twice', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const clearCaches = vi.fn(async () => undefined);
    const deps = { current: '1.91.0', fetchMeta: async () => ({ version: '1.92.0' }), storage, reload, clearCaches };
    expect(await checkVersion(deps)).toBe('reloaded');
    expect(clearCaches).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(RELOAD_GUARD_KEY)).toBe('1.92.0');
    // After the reload the server still serves the old bundle: no loop.
    expect(await checkVersion(deps)).toBe('skipped');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores a missing or malformed meta.json and network errors', async () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    expect(await checkVersion({ fetchMeta: async () => null, storage, reload })).toBe('skipped');
    expect(await checkVersion({ fetchMeta: async () => ({ v: 1 }), storage, reload })).toBe('skipped');
    expect(await checkVersion({ fetchMeta: () => Promise.reject(new Error('offline')), storage, reload })).toBe(
      'skipped',
    );
    expect(reload).not.toHaveBeenCalled();
  });
});
