import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisClientType } from 'redis';

/** A counter's state: its count and the milliseconds until it expires. */
export type Window = { count: number; ttlMs: number };

/**
 * What several processes share through Redis (REDIS_URL): expiring counters (sign-in limits) and messages
 * (session invalidations). Every key and channel starts with the prefix.
 */
export type SharedRedis = {
  /** Counts one more hit; the counter expires `windowMs` after its first hit. */
  hit(key: string, windowMs: number): Promise<Window>;
  peek(key: string): Promise<Window>;
  reset(key: string): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once subscribed: messages published after that are received. */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  close(): Promise<void>;
};

export async function connectRedis(
  url: string,
  prefix: string,
  log: { warn(obj: unknown, msg: string): void },
): Promise<SharedRedis> {
  // Loaded only when configured: most single-process installs never need it.
  const { createClient } = await import('redis');
  const client = createClient({ url }) as RedisClientType;
  // A subscribed connection may not send other commands.
  const subscriber = client.duplicate();
  for (const c of [client, subscriber]) c.on('error', (err: unknown) => log.warn({ err }, 'redis error'));
  await Promise.all([client.connect(), subscriber.connect()]);

  const windowOf = (count: unknown, ttl: unknown): Window => ({ count: Number(count ?? 0), ttlMs: Number(ttl) });
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      // One transaction: the expiry is set with the counter, never left out by a crash in between.
      const [, count, ttl] = await client
        .multi()
        .set(k, '0', { expiration: { type: 'PX', value: windowMs }, condition: 'NX' })
        .incr(k)
        .pTTL(k)
        .exec();
      return windowOf(count, ttl);
    },
    async peek(key) {
      const [count, ttl] = await client
        .multi()
        .get(prefix + key)
        .pTTL(prefix + key)
        .exec();
      return windowOf(count, ttl);
    },
    async reset(key) {
      await client.del(prefix + key);
    },
    async publish(channel, message) {
      await client.publish(prefix + channel, message);
    },
    subscribe: (channel, listener) => subscriber.subscribe(prefix + channel, listener),
    async close() {
      for (const c of [subscriber, client]) if (c.isOpen) await c.close();
    },
  };
}

/** @fastify/rate-limit's counters in Redis: one counter per route and client, shared by every process. */
export const rateLimitStore = (redis: SharedRedis): FastifyRateLimitStoreCtor =>
  class RedisRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = 'rate',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, ms: number) {
      redis.hit(`${this.scope}:${key}`, ms).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }

    child(options: unknown) {
      // The plugin passes the route's merged options, the route itself under `routeInfo` (its own store does the same).
      const { method, url } = (options as { routeInfo: { method: string; url: string } }).routeInfo;
      return new RedisRateLimitStore(options, `rate:${method}:${url}`);
    }
  };
