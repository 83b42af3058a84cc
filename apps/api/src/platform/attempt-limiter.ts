import type { SharedRedis } from './redis';

/** Above this many keys, expired ones are swept on the next failure: keys (account + address) are attacker-chosen. */
const SWEEP_ABOVE = 10_000;

/** Counts failed attempts per key (e.g. an account and a source address) and says when a key must wait. */
export type AttemptLimiter = {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

/** In the process, in a sliding window: for a single process (no REDIS_URL). */
export class LocalAttemptLimiter implements AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async retryAfter(key: string): Promise<number> {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.windowMs - this.now()) / 1000));
  }

  async fail(key: string): Promise<void> {
    if (this.failures.size > SWEEP_ABOVE) for (const k of [...this.failures.keys()]) this.recent(k);
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
  }

  async reset(key: string): Promise<void> {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (recent.length === 0) this.failures.delete(key);
    return recent;
  }
}

/**
 * In Redis, shared by every process: the window starts at the first failure and the lock lasts until it ends
 * (a fixed window: one atomic increment per failure instead of a list of times).
 */
export function redisAttemptLimiter(redis: SharedRedis, name: string, max: number, windowMs: number): AttemptLimiter {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    async retryAfter(key) {
      const { count, ttlMs } = await redis.peek(keyOf(key));
      return count < max ? 0 : Math.max(1, Math.ceil(ttlMs / 1000));
    },
    fail: async (key) => void (await redis.hit(keyOf(key), windowMs)),
    reset: (key) => redis.reset(keyOf(key)),
  };
}
