import { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';

/** At most `limit` events per `windowMs` (sliding-window approximation over two fixed buckets). */
export type RateLimitRule = { limit: number; windowMs: number };

/** Atomic counters with a time to live; the one thing a store must do. */
export interface RateLimitStore {
  /** Add `by` (may be negative) to a counter and return the new value; the counter lives at least `ttlMs`. */
  increment(key: string, by: number, ttlMs: number): Promise<number>;
  get(key: string): Promise<number>;
  delete(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

/** What a hit did: the counted value after it, and the bucket to undo it on. */
export type RateLimitHit = { count: number; isAllowed: boolean; key: string; ttlMs: number };

/**
 * Counters per (name, id) in sliding windows. Time comes from the injected clock, so tests move
 * windows with a fake clock; stores only ever see relative TTLs.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  private buckets(name: string, id: string, rule: RateLimitRule) {
    const now = this.clock.now().getTime();
    const index = Math.floor(now / rule.windowMs);
    const elapsed = (now - index * rule.windowMs) / rule.windowMs;
    return {
      current: `rl:${name}:${rule.windowMs}:${id}:${index}`,
      previous: `rl:${name}:${rule.windowMs}:${id}:${index - 1}`,
      previousWeight: 1 - elapsed,
      ttlMs: 2 * rule.windowMs,
    };
  }

  private async weighted(b: ReturnType<RateLimiter['buckets']>, current: number): Promise<number> {
    const previous = b.previousWeight > 0 ? await this.store.get(b.previous) : 0;
    return current + Math.floor(previous * b.previousWeight);
  }

  /** Count one event and say whether it is still within the rule. */
  async hit(name: string, id: string, rule: RateLimitRule): Promise<RateLimitHit> {
    const b = this.buckets(name, id, rule);
    const current = await this.store.increment(b.current, 1, b.ttlMs);
    const count = await this.weighted(b, current);
    return { count, isAllowed: count <= rule.limit, key: b.current, ttlMs: b.ttlMs };
  }

  /** The count so far, without adding to it. */
  async peek(name: string, id: string, rule: RateLimitRule): Promise<number> {
    const b = this.buckets(name, id, rule);
    return this.weighted(b, await this.store.get(b.current));
  }

  /** Take back a hit (for counters that should count failures only). */
  async undo(hit: RateLimitHit): Promise<void> {
    await this.store.increment(hit.key, -1, hit.ttlMs);
  }

  /** Forget everything counted for (name, id) in the current and previous window. */
  async reset(name: string, id: string, rule: RateLimitRule): Promise<void> {
    const b = this.buckets(name, id, rule);
    await this.store.delete([b.current, b.previous]);
  }
}

/** How many counters the in-memory store keeps at most (≈ 100 bytes each). */
const MEMORY_STORE_MAX_ENTRIES = 100_000;
/** Expired counters removed per operation, oldest first: the work per request stays constant. */
const PRUNE_PER_OPERATION = 4;

/**
 * One process only: the embedded default. Entries expire on real time, like Redis keys. The store is bounded: each
 * operation drops a few expired counters from the oldest end (never a full sweep), and at `maxEntries` the oldest
 * counter makes room for the new one (a Map iterates in insertion order, so both ends are O(1)).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { value: number; expiresAt: number }>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { maxEntries?: number; now?: () => number } = {}) {
    this.maxEntries = options.maxEntries ?? MEMORY_STORE_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  private prune(now: number): void {
    for (let i = 0; i < PRUNE_PER_OPERATION; i++) {
      const oldest = this.entries.entries().next();
      if (oldest.done || oldest.value[1].expiresAt > now) return;
      this.entries.delete(oldest.value[0]);
    }
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    const now = this.now();
    this.prune(now);
    const entry = this.entries.get(key);
    if (!entry && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const base = entry && entry.expiresAt > now ? entry.value : 0;
    const value = Math.max(0, base + by);
    this.entries.set(key, { value, expiresAt: Math.max(entry?.expiresAt ?? 0, now + ttlMs) });
    return value;
  }

  async get(key: string): Promise<number> {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.now() ? entry.value : 0;
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

/** Shared by every server process when REDIS_URL is set; keys live under the deployment's REDIS_PREFIX. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string, prefix = '') {
    this.redis = new Redis(url, {
      keyPrefix: prefix,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    // connection errors surface on the commands; without a listener ioredis would log them
    this.redis.on('error', () => {});
  }

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    const result = await this.redis.multi().incrby(key, by).pexpire(key, ttlMs).exec();
    const value = Number(result?.[0]?.[1] ?? 0);
    if (value < 0) {
      await this.redis.incrby(key, -value);
      return 0;
    }
    return value;
  }

  async get(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/**
 * A store that never throws: when Redis is unreachable the limits are skipped (fail open) and the
 * failure is reported, so an outage of the cache does not become an outage of login and OTP.
 */
export class FailOpenStore implements RateLimitStore {
  constructor(
    private readonly inner: RateLimitStore,
    private readonly onError: (err: unknown) => void,
  ) {}

  async increment(key: string, by: number, ttlMs: number): Promise<number> {
    return this.inner.increment(key, by, ttlMs).catch((err: unknown) => (this.onError(err), 0));
  }
  async get(key: string): Promise<number> {
    return this.inner.get(key).catch((err: unknown) => (this.onError(err), 0));
  }
  async delete(keys: string[]): Promise<void> {
    return this.inner.delete(keys).catch((err: unknown) => this.onError(err));
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

export function createRateLimitStore(
  config: { redisUrl?: string | undefined; redisPrefix: string },
  onError: (err: unknown) => void,
): RateLimitStore {
  return config.redisUrl
    ? new FailOpenStore(new RedisRateLimitStore(config.redisUrl, config.redisPrefix), onError)
    : new MemoryRateLimitStore();
}
