/**
 * Caller sessions by user id, so that an authenticated request does not read the database for its caller.
 * Every change that affects a session invalidates it in this process at once, and in the others through Redis
 * when there is one; the TTL bounds how long a process that missed the invalidation may serve a stale entry.
 */
export class SessionCache<T> {
  private readonly entries = new Map<number, { value: T; until: number }>();
  /** Bumped by every invalidation: a load that overlapped one may have read the old session, so is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(userId: number, load: (userId: number) => Promise<T | undefined>): Promise<T | undefined> {
    const hit = this.entries.get(userId);
    if (hit && hit.until > this.now()) return hit.value;
    const generation = this.generation;
    const value = await load(userId);
    if (generation !== this.generation) return value;
    if (value === undefined) this.entries.delete(userId);
    else this.entries.set(userId, { value, until: this.now() + this.ttlMs });
    return value;
  }

  invalidate(userId: number): void {
    this.generation += 1;
    this.entries.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/**
 * Every change to a user's session (token version, disabling, role, permissions) goes through here: it drops the
 * cached session and re-checks the user's live connections (sockets), which are closed once no longer allowed.
 */
export type Sessions = {
  /** One user changed. */
  invalidate(userId: number): Promise<void>;
  /** Any user may have changed (a role's permissions). */
  clear(): Promise<void>;
  /** Called on every change with the user id, or null for everyone. */
  onChange(listener: (userId: number | null) => Promise<void>): void;
};
