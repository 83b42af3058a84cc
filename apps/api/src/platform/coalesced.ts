const noop = () => undefined;

/**
 * Wraps `fn` so that each call resolves with a result computed after the call was made, while concurrent
 * callers share runs: per key, at most one run in flight and one queued behind it for whoever came later.
 * (Live stock totals after each batch of reads: a hundred batches a second cost a few queries, not a hundred.)
 */
export function coalesced<K, T>(fn: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const running = new Map<K, Promise<T>>();
  const queued = new Map<K, Promise<T>>();
  const start = (key: K): Promise<T> => {
    const run = fn(key);
    running.set(key, run);
    const done = () => {
      if (running.get(key) === run) running.delete(key);
    };
    run.then(done, done);
    return run;
  };
  return (key) => {
    const waiting = queued.get(key);
    if (waiting) return waiting;
    const current = running.get(key);
    // The run in flight may have started before the caller's change: the caller waits for the next one.
    if (!current) return start(key);
    const next = current.then(noop, noop).then(() => {
      queued.delete(key);
      return start(key);
    });
    queued.set(key, next);
    return next;
  };
}
