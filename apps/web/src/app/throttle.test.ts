import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once, folds a burst into one trailing run, and loses no last call', () => {
    const fn = vi.fn();
    const call = throttle(fn, 1000);
    call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 100; i++) call();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    // Quiet for a while: the next call runs at once again.
    vi.advanceTimersByTime(5000);
    call();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('cancels a pending run', () => {
    const fn = vi.fn();
    const call = throttle(fn, 1000);
    call();
    call();
    call.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
