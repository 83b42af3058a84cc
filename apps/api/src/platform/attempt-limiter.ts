/** Above this many keys, expired ones are swept on the next failure: keys (account + address) are attacker-chosen. */
const SWEEP_ABOVE = 10_000;

/**
 * Counts failed attempts per key (e.g. an account and a source address) in a sliding window. In-process: with several
 * processes each keeps its own count, which still bounds guessing to N × processes per window.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    return Math.max(1, Math.ceil((recent[0]! + this.windowMs - this.now()) / 1000));
  }

  fail(key: string): void {
    if (this.failures.size > SWEEP_ABOVE) for (const k of [...this.failures.keys()]) this.recent(k);
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (recent.length === 0) this.failures.delete(key);
    return recent;
  }
}
