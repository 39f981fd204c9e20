import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import {
  FailOpenStore,
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  type RateLimitStore,
} from '../../src/lib/rate-limiter.ts';

const RULE = { limit: 3, windowMs: 60_000 };
const redisUrl = process.env.REDIS_URL;

const stores: Array<[string, () => RateLimitStore]> = [['memory', () => new MemoryRateLimitStore()]];
if (redisUrl) stores.push(['redis', () => new RedisRateLimitStore(redisUrl)]);

describe.each(stores)('RateLimiter on the %s store', (_name, makeStore) => {
  const store = makeStore();
  afterAll(() => store.close());
  const id = () => `test-${Math.random().toString(36).slice(2)}`;
  // a window boundary, so the arithmetic below is exact
  const start = () => new FakeClock(new Date(Date.UTC(2026, 10, 21, 5, 0, 0)));

  it('allows `limit` hits per window', async () => {
    const limiter = new RateLimiter(store, start());
    const key = id();
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await limiter.hit('t', key, RULE)).isAllowed);
    expect(results).toEqual([true, true, true, false]);
    expect(await limiter.peek('t', key, RULE)).toBe(4);
  });

  it('slides: the previous window weighs by how much of it still overlaps', async () => {
    const clock = start();
    const limiter = new RateLimiter(store, clock);
    const key = id();
    for (let i = 0; i < 3; i++) await limiter.hit('t', key, RULE);
    clock.advance(60_000); // next window starts: previous counts fully
    expect(await limiter.peek('t', key, RULE)).toBe(3);
    clock.advance(30_000); // half-way: 3 × 0.5 → 1
    expect(await limiter.peek('t', key, RULE)).toBe(1);
    expect((await limiter.hit('t', key, RULE)).isAllowed).toBe(true);
    clock.advance(60_000); // two windows later the first is gone
    expect(await limiter.peek('t', key, RULE)).toBe(0);
  });

  it('undo takes back one hit; reset forgets the key', async () => {
    const limiter = new RateLimiter(store, start());
    const key = id();
    const hit = await limiter.hit('t', key, RULE);
    await limiter.hit('t', key, RULE);
    await limiter.undo(hit);
    expect(await limiter.peek('t', key, RULE)).toBe(1);
    await limiter.reset('t', key, RULE);
    expect(await limiter.peek('t', key, RULE)).toBe(0);
    await limiter.undo(hit);
    expect(await limiter.peek('t', key, RULE)).toBe(0);
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = new RateLimiter(store, start());
    const key = id();
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('t', key, RULE)));
    expect(results.filter((r) => r.isAllowed)).toHaveLength(3);
  });

  it('keeps names and ids apart', async () => {
    const limiter = new RateLimiter(store, start());
    const key = id();
    for (let i = 0; i < 4; i++) await limiter.hit('a', key, RULE);
    expect((await limiter.hit('b', key, RULE)).isAllowed).toBe(true);
    expect((await limiter.hit('a', id(), RULE)).isAllowed).toBe(true);
  });
});

describe('FailOpenStore', () => {
  it('skips the limits and reports when the store fails', async () => {
    const errors: unknown[] = [];
    const broken: RateLimitStore = {
      increment: () => Promise.reject(new Error('down')),
      get: () => Promise.reject(new Error('down')),
      delete: () => Promise.reject(new Error('down')),
      close: async () => {},
    };
    const limiter = new RateLimiter(new FailOpenStore(broken, (err) => errors.push(err)), new FakeClock());
    expect((await limiter.hit('t', 'x', RULE)).isAllowed).toBe(true);
    await limiter.reset('t', 'x', RULE);
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });
});

describe.runIf(redisUrl)('RedisRateLimitStore prefixes', () => {
  it('keeps the counters of two deployments (REDIS_PREFIX) apart on one Redis, and shares them within one', async () => {
    const tag = Math.random().toString(36).slice(2);
    const [a1, a2, b] = [`a-${tag}:`, `a-${tag}:`, `b-${tag}:`].map((p) => new RedisRateLimitStore(redisUrl!, p));
    try {
      const clock = new FakeClock(new Date(Date.UTC(2026, 10, 21, 5, 0, 0)));
      for (let i = 0; i < 3; i++) await new RateLimiter(i % 2 ? a1! : a2!, clock).hit('t', 'same-id', RULE);
      expect((await new RateLimiter(a1!, clock).hit('t', 'same-id', RULE)).isAllowed).toBe(false);
      expect((await new RateLimiter(b!, clock).hit('t', 'same-id', RULE)).isAllowed).toBe(true);
    } finally {
      await Promise.all([a1, a2, b].map((s) => s!.close()));
    }
  });
});
