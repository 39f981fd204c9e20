import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../helpers/ledger.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';
import { addPromotion, createPromoApp } from './promo-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  ({ t } = await createPromoApp());
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;
/** a fresh session per call: the tests move the clock by days, past a session's idle limit */
const get = async (m: Member, url: string) => {
  const authorization = `Bearer ${await t.ctx.sessions.create(m.id)}`;
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const activate = (m: Member, code: string) => get(m, `/api/bonus/activate/${code}`);
const clear = (m: Member) => get(m, '/api/bonus/clear');
/** Bangkok wall-clock → the instant (UTC+7). */
const bkk = (local: string) => new Date(`${local}+07:00`);

describe('receive limits in Bangkok time (limit, day, week)', () => {
  it('day: one at 23:59:59.9, refused again that day, open again at 00:00:00.1', async () => {
    const p = await addPromotion(t, { type: 'day' });
    const m = await createMember(t);
    t.clock.set(bkk('2026-11-23T23:59:59.900'));
    expect((await activate(m, p.code)).body).toMatchObject({ isActive: true });
    expect((await clear(m)).body).toEqual({ message: 'SUCCESS' });
    expect((await activate(m, p.code)).body).toEqual({ message: 'BONUS_MAX_CLAIMED' });
    const listed = (await get(m, '/api/bonus')).body as unknown as Array<Record<string, unknown>>;
    expect(listed.find((b) => b.code === p.code)).toMatchObject({ userBonus: { isActive: false } });
    t.clock.set(bkk('2026-11-24T00:00:00.100'));
    expect((await activate(m, p.code)).status).toBe(200);
    await clear(m);
  });

  it('week: Sunday 23:59:59.9 and Monday 00:00:00.1 are two weeks', async () => {
    const p = await addPromotion(t, { type: 'week' });
    const m = await createMember(t);
    t.clock.set(bkk('2026-11-29T23:59:59.900')); // a Sunday
    expect((await activate(m, p.code)).status).toBe(200);
    await clear(m);
    t.clock.set(bkk('2026-11-23T12:00:00')); // the Monday of that week
    expect((await activate(m, p.code)).body).toEqual({ message: 'BONUS_MAX_CLAIMED' });
    t.clock.set(bkk('2026-11-30T00:00:00.100'));
    expect((await activate(m, p.code)).status).toBe(200);
    await clear(m);
  });

  it('limit: counts every receipt, across days and weeks', async () => {
    const p = await addPromotion(t, { type: 'limit', maxReceived: 2 });
    const m = await createMember(t);
    t.clock.set(bkk('2026-11-23T23:59:59.900'));
    expect((await activate(m, p.code)).status).toBe(200);
    await clear(m);
    t.clock.set(bkk('2026-11-24T00:00:00.100'));
    expect((await activate(m, p.code)).status).toBe(200);
    await clear(m);
    t.clock.set(bkk('2026-12-20T10:00:00'));
    expect((await activate(m, p.code)).body).toEqual({ message: 'BONUS_MAX_CLAIMED' });
  });

  it('a second bonus while one runs is BONUS_ALREADY_ACTIVE; a promotion code past its limit PROMOTION_RECEIVED', async () => {
    const a = await addPromotion(t);
    const b = await addPromotion(t);
    const code = await addPromotion(t, { kind: 'code' });
    const m = await createMember(t);
    expect((await activate(m, a.code)).status).toBe(200);
    expect((await activate(m, b.code)).body).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });
    expect((await get(m, `/api/promotion/activate/${code.code}`)).body).toEqual({ message: 'BONUS_ALREADY_ACTIVE' });
    await clear(m);
    expect((await get(m, `/api/promotion/find/${code.code.toLowerCase()}`)).body).toMatchObject({ code: code.code });
    expect((await get(m, `/api/promotion/activate/${code.code}`)).body).toEqual({ message: 'SUCCESS' });
    expect((await get(m, '/api/promotion/current')).body).toMatchObject({ code: code.code, percentFail: 10 });
    await clear(m);
    expect((await get(m, `/api/promotion/activate/${code.code}`)).body).toEqual({ message: 'PROMOTION_RECEIVED' });
    expect((await get(m, '/api/promotion/find/NOPE')).body).toEqual({ message: 'NO_PROMOTION' });
    expect((await get(m, '/api/bonus/activate/NOPE')).body).toEqual({ message: 'NO_PROMOTION' });
  });
});
