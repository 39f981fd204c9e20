import { ConditionProgressSchema } from '@wallet/contract/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../helpers/ledger.ts';
import type { FakeGameProvider } from '../helpers/fake-game-provider.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';
import { addPromotion, createPromoApp, deposit, linkGame } from './promo-fixture.ts';

let t: TestApp;
let game: FakeGameProvider;
let pull: () => Promise<unknown>;
beforeAll(async () => {
  ({ t, game, pull } = await createPromoApp());
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;
const get = async (m: Member, url: string, language = 'en') => {
  const headers = { ...m.auth, 'idempotency-key': `k-${Math.random()}`, 'accept-language': language };
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as unknown };
};

describe('GET /api/bonus/progress (issue 12: the player sees the condition)', () => {
  it('null without a condition; a turnover bonus shows made / required, the fail threshold and the forfeit', async () => {
    const p = await addPromotion(t, { percent: 50, minDeposit: 10_000n, maxAmount: 50_000n, turnoverMultiple: 2 });
    const m = await createMember(t);
    expect(await get(m, '/api/bonus/progress')).toEqual({ status: 200, body: null });

    await deposit(t, m.id, 20_000n);
    expect((await get(m, `/api/bonus/activate/${p.code}`)).status).toBe(200);
    const started = await get(m, '/api/bonus/progress');
    expect(started.status).toBe(200);
    expect(ConditionProgressSchema.parse(started.body)).toMatchObject({
      source: 'bonus',
      name: 'Bonus',
      type: 'limit',
      rule: 'turnover',
      base: 300,
      multiple: 2,
      successPercent: null,
      current: 0,
      target: 600,
      percentFail: 10,
      failBelow: 30,
      balance: 300,
      forfeit: 100,
    });

    const user = await linkGame(t, m.id);
    game.recordBet(user, 25_000n, 25_000n, t.clock.now());
    t.clock.advance(1_000);
    await pull();
    expect(await get(m, '/api/bonus/progress')).toMatchObject({ body: { current: 250, target: 600 } });

    // success ends it: no condition any more
    game.recordBet(user, 40_000n, 40_000n, t.clock.now());
    t.clock.advance(1_000);
    await pull();
    expect((await get(m, '/api/bonus/progress')).body).toBeNull();
  });

  it('a credit rule shows the balance against successPercent % of the base; a promotion code is named by its code', async () => {
    const p = await addPromotion(t, {
      kind: 'code',
      code: `WELCOME${Math.floor(Math.random() * 1e6)}`,
      percent: 0,
      maxAmount: 10_000n,
      successRule: 'credit',
      turnoverMultiple: 0,
      successPercent: 200,
      percentFail: 20,
    });
    const m = await createMember(t);
    expect((await get(m, `/api/promotion/activate/${p.code}`)).status).toBe(200);
    const body = ConditionProgressSchema.parse((await get(m, '/api/bonus/progress', 'th')).body);
    expect(body).toMatchObject({ source: 'code', name: p.code, type: null, rule: 'credit', multiple: null });
    expect(body.successPercent).toBe(200);
    expect(body.target).toBe(body.base * 2);
    expect(body.current).toBe(body.balance);
  });

  it('refuses a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bonus/progress' });
    expect(res.statusCode).toBe(401);
  });
});
