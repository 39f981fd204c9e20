import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../src/lib/rate-limiter.ts';
import { modules } from '../../src/bootstrap/modules.ts';
import { accountModule, createAccountModule } from '../../src/modules/account/account.module.ts';
import { LOGIN_IP_RULE } from '../../src/modules/auth/login.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { login, uniqueIp } from './account-helpers.ts';

/** ADR 0016: the in-memory rate-limit store stays bounded whatever callers send. */
describe('MemoryRateLimitStore', () => {
  it('never holds more than maxEntries counters; the oldest makes room', async () => {
    const store = new MemoryRateLimitStore({ maxEntries: 100 });
    for (let i = 0; i < 1000; i++) await store.increment(`k${i}`, 1, 60_000);
    expect(store.size).toBe(100);
    expect(await store.get('k999')).toBe(1);
    expect(await store.get('k0')).toBe(0);
  });

  it('drops expired counters a few per operation, oldest first', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore({ now: () => now });
    for (let i = 0; i < 20; i++) await store.increment(`old${i}`, 1, 1000);
    now += 2000;
    await store.increment('fresh', 1, 1000);
    expect(store.size).toBe(20 - 4 + 1);
    for (let i = 0; i < 4; i++) await store.increment('fresh', 1, 1000);
    expect(store.size).toBe(1);
    expect(await store.get('fresh')).toBe(5);
  });
});

describe('login counters', () => {
  let t: TestApp;
  const store = new MemoryRateLimitStore();
  beforeAll(async () => {
    const withStore = modules.map((m) => (m === accountModule ? createAccountModule({ rateLimitStore: store }) : m));
    t = await createTestApp({ modules: withStore });
  });
  afterAll(() => t.close());

  it('counts only the IP for usernames that are not phone numbers', async () => {
    const ip = uniqueIp();
    const before = store.size;
    for (let i = 0; i < 20; i++) {
      expect((await login(t, `random-user-${i}`, 'x', ip)).body).toEqual({ message: 'WRONG_CREDENTIAL' });
    }
    expect(store.size - before).toBe(1);
  });

  it('checks the IP limit first: an IP over it adds no per-phone counter', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_IP_RULE.limit; i++) await login(t, `not-a-phone-${i}`, 'x', ip);
    const before = store.size;
    for (let i = 0; i < 20; i++) {
      const phone = `08${String(20_000_000 + i)}`;
      expect(await login(t, phone, 'x', ip)).toEqual({ status: 429, body: { message: 'REQUEST_LIMIT' } });
    }
    expect(store.size).toBe(before);
  });
});
