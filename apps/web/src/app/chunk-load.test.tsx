// @vitest-environment jsdom
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import './i18n';
import { i18n } from './i18n';
import { ChunkLoadError, CHUNK_TIMEOUT_MS, isChunkLoadError, lazyChunk, loadChunk, preloadChunk } from './chunk-load';
import { ChunkBoundary } from './ChunkBoundary';

afterEach(() => cleanup());

/** Timers run by hand: the test fires the timeout itself. */
const manualTimers = () => {
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  return {
    timers,
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  };
};

describe('loading a chunk', () => {
  it('answers the module and clears its timer', async () => {
    const t = manualTimers();
    await expect(loadChunk(async () => ({ Page: 'page' }), t)).resolves.toEqual({ Page: 'page' });
    expect(t.timers).toHaveLength(1);
    expect(t.timers[0]).toMatchObject({ ms: CHUNK_TIMEOUT_MS, cleared: true });
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('tries once more after a failed request, then answers', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/Page.js'))
      .mockResolvedValueOnce('module');
    await expect(loadChunk(load, manualTimers())).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails with a ChunkLoadError once its retries are spent', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const failure = await loadChunk(load, manualTimers()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(failure)).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails after the timeout without trying again, and ignores a late answer', async () => {
    const t = manualTimers();
    let arrive: (value: string) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((resolve) => (arrive = resolve)));
    const loading = loadChunk(load, t);
    t.timers[0]!.run();
    const failure = await loading.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect((failure as Error).message).toContain('120 s');
    arrive('too late');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('recognises what browsers and the bundler say of a chunk that did not load, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('kaboom'))).toBe(false);
    expect(isChunkLoadError('Failed')).toBe(false);
  });
});

describe('a preloaded chunk', () => {
  it('is loaded once for the preload and its lazy component, which then renders without a fallback', async () => {
    const load = vi.fn(async () => ({ Page: () => <p>the page</p> }));
    const Page = lazyChunk(load, 'Page');
    await preloadChunk(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    // In the first render already: no fallback in between.
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shares the load under way, and tries a failed one again at the next call', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    const [first, second] = await Promise.allSettled([preloadChunk(load), preloadChunk(load)]);
    expect(first.status).toBe('rejected');
    expect(second.status).toBe('rejected');
    // One load with its one retry for both callers.
    expect(load).toHaveBeenCalledTimes(2);
    await expect(preloadChunk(load)).resolves.toBe('module');
    await expect(preloadChunk(load)).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>outer: {this.state.error.message}</p> : this.props.children;
  }
}

describe('a chunk that fails to load', () => {
  it('shows the reload prompt in its place, in the language in use, and its button reloads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'Page');
    const reload = vi.fn();
    await i18n.changeLanguage('fr');
    render(
      <ChunkBoundary reload={reload}>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </ChunkBoundary>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Cette partie de l’application n’a pas pu être chargée' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(reload).toHaveBeenCalledTimes(1);
    await i18n.changeLanguage('en');
  });

  it('passes any other error on to the next boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('kaboom');
    };
    render(
      <Outer>
        <ChunkBoundary>
          <Boom />
        </ChunkBoundary>
      </Outer>,
    );
    expect(await screen.findByText('outer: kaboom')).toBeTruthy();
  });
});
