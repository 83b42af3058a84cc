import { lazy, type ComponentType } from 'react';

/** SPEC §9: a script or style chunk that has not arrived after this long counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A chunk (script or style) that could not be loaded: the page needs a reload, not a blank screen. */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

// What browsers and Vite's preload helper say when a dynamic import or its stylesheet fails.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));

export type ChunkLoadOptions = {
  timeoutMs?: number;
  /** Attempts after a failure that came before the timeout (a dropped connection); none after a timeout. */
  retries?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

/**
 * Loads a chunk with `load` (a dynamic import), failing with a ChunkLoadError after `timeoutMs` or once its retries
 * are spent.
 */
export const loadChunk = <T>(load: () => Promise<T>, options: ChunkLoadOptions = {}): Promise<T> => {
  const {
    timeoutMs = CHUNK_TIMEOUT_MS,
    retries = 1,
    setTimer = (run, ms) => setTimeout(run, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  } = options;
  const attempt = (left: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = setTimer(() => {
        if (settled) return;
        settled = true;
        reject(new ChunkLoadError(`a chunk did not load within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      load().then(
        (value) => {
          if (settled) return;
          settled = true;
          clearTimer(timer);
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          clearTimer(timer);
          if (left > 0) attempt(left - 1).then(resolve, reject);
          else reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
        },
      );
    });
  return attempt(retries);
};

// Per loader (the `() => import(…)` function itself): its module once arrived, and its load under way.
const arrived = new WeakMap<() => Promise<unknown>, unknown>();
const underWay = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

/**
 * Loads a chunk once for all its users (loadChunk's timeout and retry): a preload and the lazy component showing it
 * share one load, and the component then renders at once. A failed load is tried again by the next call.
 */
export const preloadChunk = <T>(load: () => Promise<T>): Promise<T> => {
  if (arrived.has(load)) return Promise.resolve(arrived.get(load) as T);
  let loading = underWay.get(load) as Promise<T> | undefined;
  if (!loading) {
    loading = loadChunk(load).then(
      (module) => {
        arrived.set(load, module);
        underWay.delete(load);
        return module;
      },
      (error: unknown) => {
        underWay.delete(load);
        throw error;
      },
    );
    underWay.set(load, loading);
  }
  return loading;
};

/**
 * React.lazy over preloadChunk: a named export of a chunk as a lazy component. A chunk already arrived renders in
 * the same pass, without suspending: a Suspense fallback shown for an instant would make React hold back every
 * content revealed in the next 300 ms (its throttle), the page's included.
 */
export const lazyChunk = <P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) =>
  lazy(() => {
    if (!arrived.has(load)) return preloadChunk(load).then((m) => ({ default: m[name] }));
    const module = arrived.get(load) as Record<K, ComponentType<P>>;
    // A thenable that answers at once (React's lazy accepts any thenable): the component comes in the same render.
    const now = {
      then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve({ default: module[name] }),
    };
    return now as unknown as Promise<{ default: ComponentType<P> }>;
  });
