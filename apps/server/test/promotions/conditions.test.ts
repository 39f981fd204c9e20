import { StatementListSchema } from '@wallet/contract/statement';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameAccounts } from '../../src/db/schema/game-accounts.ts';
import { gameBets, memberTurnoverDaily, promotionConditions } from '../../src/db/schema/promotions.ts';
import { openToGame, resolveTransfer } from '../../src/modules/game-transfers/transfer-settlement.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import { memberDailyWinLoss } from '../../src/modules/promotions/promotions.api.ts';
import { turnoverBetween } from '../../src/modules/promotions/turnover-summary.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import type { FakeGameProvider } from '../helpers/fake-game-provider.ts';
import { deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { createMember, walletBalance } from '../idempotency/wallet-test-module.ts';
import { addPromotion, createPromoApp, deposit, linkGame, spend } from './promo-fixture.ts';

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
const call = async (m: Member, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const headers = { ...m.auth, 'idempotency-key': `k-${Math.random()}` };
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const statuses = async (m: Member) =>
  (await t.ctx.db.select().from(promotionConditions).where(eq(promotionConditions.memberId, m.id))).map(
    (c) => c.status,
  );
const statement = async (m: Member) =>
  StatementListSchema.parse((await call(m, 'POST', '/api/statement', { page: 1, limit: 20 })).body).statements;

describe('the condition engine', () => {
  it('a deposit bonus: percent of the deposit, base = bonus + deposit; turnover success ends it (finish_bonus)', async () => {
    const p = await addPromotion(t, { percent: 50, minDeposit: 10_000n, maxAmount: 50_000n, turnoverMultiple: 2 });
    const m = await createMember(t);
    expect((await call(m, 'GET', `/api/bonus/activate/${p.code}`)).body).toEqual({
      message: 'BONUS_CONDITION',
      reason: 'NO_DEPOSIT',
    });
    await deposit(t, m.id, 20_000n);
    expect((await call(m, 'GET', `/api/bonus/activate/${p.code}`)).status).toBe(200);
    expect(await walletBalance(t, m.id)).toBe(30_000n); // 200 + 50 % bonus
    const [c] = await t.ctx.db.select().from(promotionConditions).where(eq(promotionConditions.memberId, m.id));
    expect(c).toMatchObject({ bonus: 10_000n, base: 30_000n, target: 60_000n, failBelow: 3_000n });
    expect((await call(m, 'GET', '/api/bonus/check/active')).body).toEqual({ status: true, type: 'limit' });
    // a condition blocks withdrawals
    expect((await call(m, 'POST', '/api/wallet/withdraw', { amount: 100 })).body).toEqual({
      message: 'BONUS_REMAINING',
    });
    const user = await linkGame(t, m.id);
    game.recordBet(user, 40_000n, 40_000n, t.clock.now());
    t.clock.advance(1_000);
    await pull();
    expect(await statuses(m)).toEqual(['running']);
    expect((await call(m, 'GET', '/api/bonus/condition')).body).toMatchObject({
      condition: { source: 'bonus', successRule: 'turnover', progress: 400, target: 600, failBelow: 30, bonus: 100 },
    });
    game.recordBet(user, 20_000n, 0n, t.clock.now());
    t.clock.advance(1_000);
    await pull();
    expect(await statuses(m)).toEqual(['success']);
    expect((await call(m, 'GET', '/api/bonus/check/active')).body).toEqual({ status: false, type: null });
    expect((await call(m, 'GET', '/api/bonus/condition')).body).toEqual({ condition: null });
    // (rows sort by time: the test clock and the database clock differ, so look them up by type)
    const rows = await statement(m);
    const row = (type: string) => rows.find((r) => r.statementType === type);
    expect(row('finish_bonus')).toMatchObject({ status: 'SUCCESS', amount: 0, bonus: { name: 'โบนัส' } });
    expect(row('bonus')).toMatchObject({ amount: 100, bonus: { name: 'โบนัส' } });
  });

  it('credit rule: the total balance reaching successPercent ends it; below percentFail fails it', async () => {
    const p = await addPromotion(t, {
      successRule: 'credit',
      successPercent: 200,
      percentFail: 50,
      turnoverMultiple: 0,
    });
    const win = await createMember(t);
    await call(win, 'GET', `/api/bonus/activate/${p.code}`);
    await deposit(t, win.id, 10_000n); // total 200 = 200 % of the 100 base
    await deliverOutbox(t); // the deposit's ledger.posted evaluates the condition, no pull needed
    expect(await statuses(win)).toEqual(['success']);

    const p2 = await addPromotion(t, {
      successRule: 'credit',
      successPercent: 200,
      percentFail: 50,
      turnoverMultiple: 0,
    });
    const lose = await createMember(t);
    await call(lose, 'GET', `/api/bonus/activate/${p2.code}`);
    await spend(t, lose.id, 6_000n); // 40 left < 50 % of 100
    await pull();
    expect(await statuses(lose)).toEqual(['fail']);
    const rows = await statement(lose);
    expect(rows.find((r) => r.statementType === 'finish_bonus')).toMatchObject({ status: 'FAILED' });
  });

  it('moving the whole wallet into a game does not fail the condition while the transfer is in flight or after', async () => {
    const p = await addPromotion(t, { percentFail: 50 });
    const m = await createMember(t);
    await linkGame(t, m.id);
    await call(m, 'GET', `/api/bonus/activate/${p.code}`); // 100 credited, fail below 50
    const deps = { db: t.ctx.db, ledger: new LedgerService(t.ctx.db), clock: t.ctx.clock };
    const transfer = await openToGame(deps, { memberId: m.id, currency: 'THB', game: 'pg', amount: 10_000n });
    expect(await walletBalance(t, m.id)).toBe(0n);
    await deliverOutbox(t); // the hold's ledger.posted evaluates the condition: the 100 is on its way, not gone
    await pull();
    expect(await statuses(m)).toEqual(['running']);
    const [account] = await t.ctx.db.select().from(gameAccounts).where(eq(gameAccounts.memberId, m.id));
    await resolveTransfer(deps, transfer.id, {
      kind: 'success',
      providerRef: 'ref-1',
      gameBalance: { accountId: account!.id, reading: { balance: 10_000n, askedAt: t.clock.now() } },
    });
    await deliverOutbox(t);
    expect(await statuses(m)).toEqual(['running']);
  });

  it('cancel forfeits the unplayed bonus to the house (a finish_bonus posting), then withdrawals open', async () => {
    const p = await addPromotion(t);
    const m = await createMember(t);
    await deposit(t, m.id, 5_000n);
    await call(m, 'GET', `/api/bonus/activate/${p.code}`);
    expect(await walletBalance(t, m.id)).toBe(15_000n);
    expect((await call(m, 'GET', '/api/bonus/check/minimum')).body).toEqual({ status: true, minimum: 10 });
    expect((await call(m, 'GET', '/api/bonus/clear')).body).toEqual({ message: 'SUCCESS' });
    expect(await walletBalance(t, m.id)).toBe(5_000n);
    expect(await statuses(m)).toEqual(['cancelled']);
    const rows = await statement(m);
    expect(rows.filter((r) => r.statementType === 'finish_bonus')).toEqual([
      expect.objectContaining({ amount: 100, from: 'WALLET', to: 'BONUS' }),
    ]);
    expect((await call(m, 'GET', '/api/bonus/clear')).body).toEqual({ message: 'BONUS_CLEAR' });
    expect((await call(m, 'POST', '/api/wallet/withdraw', { amount: 100 })).body).not.toEqual({
      message: 'BONUS_REMAINING',
    });
  });

  it('the turnover pull counts each bet once: overlapping pulls, a restarted puller', async () => {
    const m = await createMember(t);
    const user = await linkGame(t, m.id);
    const at = t.clock.now();
    game.recordBet(user, 1_000n, 500n, at);
    game.recordBet(user, 2_000n, 3_000n, at);
    await pull();
    await pull();
    t.clock.advance(60_000);
    await pull(); // its state is the database's (cursor, bet ids): the window overlaps the last pull again
    const [day] = await t.ctx.db.select().from(memberTurnoverDaily).where(eq(memberTurnoverDaily.memberId, m.id));
    expect(day).toMatchObject({ validBets: 3_000n, winLoss: 500n, betCount: 2 });
    expect(await t.ctx.db.select().from(gameBets).where(eq(gameBets.memberId, m.id))).toHaveLength(2);
    const dayKey = day?.day ?? '';
    expect(await turnoverBetween(t.ctx.db, { memberId: m.id, fromDay: dayKey, toDay: dayKey })).toBe(3_000n);
    expect((await memberDailyWinLoss(t.ctx.db, { day: dayKey })).find((r) => r.memberId === m.id)).toMatchObject({
      validBets: 3_000n,
      winLoss: 500n,
    });
  });
});
