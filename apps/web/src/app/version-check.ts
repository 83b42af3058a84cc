import { APP_VERSION } from '@tagstock/contract/constants';

type TMeta = { version: string };

export const RELOAD_GUARD_KEY = 'tagstock:version-reload';

export type VersionCheckDeps = {
  current?: string;
  fetchMeta?: () => Promise<unknown>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  clearCaches?: () => Promise<void>;
  reload?: () => void;
};

const isMeta = (value: unknown): value is TMeta =>
  typeof value === 'object' && value !== null && typeof (value as { version?: unknown }).version === 'string';

const defaultFetchMeta = async (): Promise<unknown> => {
  const response = await fetch('/meta.json', { cache: 'no-store' });
  if (!response.ok) return null;
  return response.json();
};

const defaultClearCaches = async (): Promise<void> => {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
};

/**
 * Reloads once when the deployed version differs from the running one.
 * The sessionStorage guard stops a reload loop when the server keeps serving an old bundle.
 * Returns 'reloaded', 'same' or 'skipped'.
 */
export const checkVersion = async (deps: VersionCheckDeps = {}): Promise<'reloaded' | 'same' | 'skipped'> => {
  const {
    current = APP_VERSION,
    fetchMeta = defaultFetchMeta,
    storage = sessionStorage,
    clearCaches = defaultClearCaches,
    reload = () => window.location.reload(),
  } = deps;
  let meta: unknown;
  try {
    meta = await fetchMeta();
  } catch {
    return 'skipped';
  }
  // A plain check, not ZMeta: zod must not load before the sign-in page (bundle budget).
  if (!isMeta(meta)) return 'skipped';
  const remote = meta.version;
  if (remote === current) return 'same';
  if (storage.getItem(RELOAD_GUARD_KEY) === remote) return 'skipped';
  storage.setItem(RELOAD_GUARD_KEY, remote);
  try {
    await clearCaches();
  } catch {
    // A cache we cannot clear must not block the reload.
  }
  reload();
  return 'reloaded';
};

/** Checks at start, and whenever the tab comes back to the foreground. */
export const startVersionCheck = (deps: VersionCheckDeps = {}): (() => void) => {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void checkVersion(deps).finally(() => {
      running = false;
    });
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') run();
  };
  run();
  window.addEventListener('focus', run);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('focus', run);
    document.removeEventListener('visibilitychange', onVisibility);
  };
};
