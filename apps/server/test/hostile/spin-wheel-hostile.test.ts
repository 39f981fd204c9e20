import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import { grantCoins } from '../../src/modules/spin-wheel/spin-wheel.api.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, walletBalance } from '../idempotency/wallet-test-module.ts';

/** Hand-picked hostile inputs for the wheel (the fuzz suite covers every endpoint's schema at random). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const claim = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/spinwheel/coupon/claim', headers: auth, payload: payload as object });

describe('spin wheel, hostile input', () => {
  it('claim bodies that are not a coupon id: KEY_INVALID or NO_CLAIMABLE_COUPON, never a 500, nothing credited', async () => {
    const m = await createMember(t);
    const bodies = [
      {},
      { coupon: '' },
      { coupon: 42 },
      { coupon: ['a'] },
      { coupon: 'x'.repeat(65) },
      { coupon: "' or 1=1 --" },
      { coupon: '00000000-0000-0000-0000-000000000000' },
      { coupon: '\u0000' },
    ];
    for (const body of bodies) {
      const res = await claim(m.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(['KEY_INVALID', 'NO_CLAIMABLE_COUPON']).toContain(res.json().message);
    }
    expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it('a spin with a malformed Idempotency-Key is refused before any coin is spent', async () => {
    const m = await createMember(t);
    await grantCoins(new LedgerService(t.ctx.db), { memberId: m.id, coins: 1, key: `hostile:${m.id}` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/spinwheel/spin',
      headers: { ...m.auth, 'idempotency-key': 'x'.repeat(300) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'KEY_INVALID' });
    const setup = await t.app.inject({ url: '/api/spinwheel/setup', headers: m.auth });
    expect(setup.json().userCoin).toBe(1);
  });

  it('wheel endpoints without a session: invalid-token; admin wheel endpoints without an operator: refused', async () => {
    for (const url of ['/api/spinwheel/setup', '/api/spinwheel/coupon', '/api/spinwheel/odds']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/spinwheel/spin' })).statusCode).toBe(401);
    const m = await createMember(t);
    const admin = await t.app.inject({ url: '/api/admin/spinwheel/wheels', headers: m.auth });
    expect(admin.statusCode).toBe(401);
  });
});
