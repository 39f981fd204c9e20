import { AdminConditionSchema } from '@wallet/contract/admin/promotions';
import { StatementListSchema } from '@wallet/contract/statement';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { addPromotion } from './promo-fixture.ts';
import { createBonusRulesApp } from './bonus-rules-fixture.ts';

/**
 * The bonus rules of docs/decisions/0020-bonus-cancel-and-claim-rules.md over HTTP: a cancel takes the unplayed bonus
 * back from the whole balance (games collected first, money in flight counted), a claim is refused while the member
 * already holds more than the promotion's maxBalanceAtClaim, maxWithdraw and maxBet are enforced.
 */
let app: Awaited<ReturnType<typeof createBonusRulesApp>>;
beforeAll(async () => {
  app = await createBonusRulesApp();
});
afterAll(async () => {
  await expectLedgerSound(app.t);
  await app.t.close();
});

describe('cancelling a bonus takes the unplayed bonus back from the whole balance', () => {
  it('WELCOME100 parked in a game: the cancel collects it and forfeits 100, so nothing can be withdrawn', async () => {
    const { call, transfer, withdraw, wallet, pg } = app;
    const m = await app.member();
    expect((await call(m, 'GET', '/api/promotion/activate/WELCOME100')).body).toEqual({ message: 'SUCCESS' });
    expect(await wallet(m.id)).toBe(10_000n);
    expect((await withdraw(m, 100)).body).toEqual({ message: 'BONUS_REMAINING' });
    expect((await transfer(m, 'WALLET', 'pg', 100)).body).toMatchObject({ status: 'SUCCESS' });
    expect(await wallet(m.id)).toBe(0n);

    expect((await call(m, 'GET', '/api/bonus/clear')).body).toEqual({ message: 'SUCCESS' });
    const [c] = await app.conditions(m.id);
    expect(c).toMatchObject({ status: 'cancelled', forfeited: 10_000n });
    expect(pg.players.get(m.pgUser)?.balance).toBe(0n);

    expect((await transfer(m, 'pg', 'WALLET', 100)).status).toBeGreaterThanOrEqual(400);
    expect((await withdraw(m, 100)).body).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(await wallet(m.id)).toBe(0n);
    await expectLedgerSound(app.t);
  });

  it('FIRST50 after a 1,000 deposit, all 1,500 parked in a game: the cancel takes the 500 back; 1,000 can leave', async () => {
    const { call, transfer, withdraw, wallet, pg } = app;
    const m = await app.member();
    await app.deposit(m.id, 100_000n);
    expect((await call(m, 'GET', '/api/bonus/activate/FIRST50')).status).toBe(200);
    expect(await wallet(m.id)).toBe(150_000n);
    expect((await transfer(m, 'WALLET', 'pg', 1_500)).body).toMatchObject({ status: 'SUCCESS' });

    expect((await call(m, 'GET', '/api/bonus/clear')).body).toEqual({ message: 'SUCCESS' });
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'cancelled', forfeited: 50_000n })]);
    expect(pg.players.get(m.pgUser)?.balance).toBe(0n);
    expect(await wallet(m.id)).toBe(100_000n);
    expect((await withdraw(m, 1_500)).body).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect((await withdraw(m, 1_000)).body).toEqual({ message: 'SUCCESS' });
    await expectLedgerSound(app.t);
  });

  it('money in flight to a game counts: the cancel is refused (nothing moves) until the transfer has settled', async () => {
    const { call, transfer, wallet, pg } = app;
    const m = await app.member();
    await call(m, 'GET', '/api/promotion/activate/WELCOME100');
    pg.fault('unknown', ['deposit'], 10);
    expect((await transfer(m, 'WALLET', 'pg', 100)).body).toMatchObject({ status: 'PENDING' });
    pg.clearFaults();
    expect(await wallet(m.id)).toBe(0n);

    const refused = await call(m, 'GET', '/api/bonus/clear');
    expect(refused).toEqual({ status: 409, body: { message: 'BONUS_CANCEL_GAME_BALANCE' } });
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'running', forfeited: 0n })]);
    const condition = await call(m, 'GET', '/api/bonus/condition');
    expect(condition.body.condition).toMatchObject({ forfeitNow: 100, balance: 100 });

    // the provider never applied it: the reconciler voids it after the grace window, the 100 is back in the wallet
    app.t.clock.advance(61_000);
    await app.reconcile();
    expect(await wallet(m.id)).toBe(10_000n);
    expect((await call(m, 'GET', '/api/bonus/clear')).body).toEqual({ message: 'SUCCESS' });
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'cancelled', forfeited: 10_000n })]);
    expect(await wallet(m.id)).toBe(0n);
    await expectLedgerSound(app.t);
  });

  it("the operator's cancel collects the game balance the same way", async () => {
    const { call, transfer, wallet } = app;
    const m = await app.member();
    await call(m, 'GET', '/api/promotion/activate/WELCOME100');
    await transfer(m, 'WALLET', 'pg', 100);
    const [c] = await app.conditions(m.id);
    const auth = { authorization: `Bearer ${await adminToken(app.t)}` };
    const res = await app.t.app.inject({
      method: 'POST',
      url: `/api/admin/promotions/conditions/${c?.id}/cancel`,
      headers: auth,
      payload: { reason: 'parked in a game' },
    });
    expect(AdminConditionSchema.parse(res.json().condition)).toMatchObject({ status: 'cancelled', forfeited: 100 });
    expect(await wallet(m.id)).toBe(0n);
    await expectLedgerSound(app.t);
  });
});

describe('a claim is refused while the member already holds more than maxBalanceAtClaim', () => {
  it('DAILY10 with 300 in a game: BONUS_CONDITION saying why; nothing credited, no condition, no withdrawal', async () => {
    const { call, transfer, withdraw, wallet } = app;
    const m = await app.member();
    await app.deposit(m.id, 30_000n);
    await transfer(m, 'WALLET', 'pg', 300);
    await app.deposit(m.id, 10_000n); // the qualifying deposit
    const refused = await call(m, 'GET', '/api/bonus/activate/DAILY10');
    expect(refused).toEqual({
      status: 400,
      body: { message: 'BONUS_CONDITION', reason: 'BALANCE_ABOVE_MAX', values: { max: '5.00', balance: '300.00' } },
    });
    expect(await wallet(m.id)).toBe(10_000n);
    expect(await app.conditions(m.id)).toEqual([]);
    // the card shows the rule
    const bonuses = (await call(m, 'GET', '/api/bonus')).body as unknown as Array<{ code: string }>;
    expect(bonuses.find((b) => b.code === 'DAILY10')).toMatchObject({ maxBalanceAtClaim: 5 });
    expect((await call(m, 'GET', '/api/promotion/find/WELCOME100')).body).toMatchObject({ maxBalanceAtClaim: null });
    // nothing to complete at once: the withdrawal is judged on its own (no bonus credited, no condition)
    expect((await withdraw(m, 100)).body).toEqual({ message: 'SUCCESS' });
    await expectLedgerSound(app.t);
  });

  it('winnings inside a game since the last transfer count (the claim reads the providers first)', async () => {
    const { call, transfer, pg } = app;
    const m = await app.member();
    await app.deposit(m.id, 500n);
    await transfer(m, 'WALLET', 'pg', 5);
    pg.play(m.pgUser, 29_500n); // won 295 in the game: the stored reading still says 5
    await app.deposit(m.id, 10_000n);
    const refused = await call(m, 'GET', '/api/bonus/activate/DAILY10');
    expect(refused.body).toMatchObject({ reason: 'BALANCE_ABOVE_MAX', values: { balance: '300.00' } });
    expect(await app.conditions(m.id)).toEqual([]);
  });

  it('money in flight to a game counts; at most 5.00 held (the new deposit not counted) may claim', async () => {
    const { call, transfer, pg, wallet } = app;
    const m = await app.member();
    await app.deposit(m.id, 2_000n);
    pg.fault('unknown', ['deposit'], 10);
    expect((await transfer(m, 'WALLET', 'pg', 20)).body).toMatchObject({ status: 'PENDING' });
    pg.clearFaults();
    await app.deposit(m.id, 10_000n);
    expect((await call(m, 'GET', '/api/bonus/activate/DAILY10')).body).toMatchObject({
      message: 'BONUS_CONDITION',
      values: { balance: '20.00' },
    });

    const ok = await app.member();
    await app.deposit(ok.id, 500n); // 5.00 held: the limit itself
    await app.deposit(ok.id, 10_000n);
    expect((await call(ok, 'GET', '/api/bonus/activate/DAILY10')).status).toBe(200);
    expect(await wallet(ok.id)).toBe(11_500n);
    app.t.clock.advance(61_000);
    await app.reconcile();
    await expectLedgerSound(app.t);
  });
});

describe('maxWithdraw and maxBet are enforced', () => {
  it('maxWithdraw: at success what the balance holds above the cap goes back to the house (a finish_bonus row)', async () => {
    const { call, wallet, pg } = app;
    // a fixed 100 bonus, 1× turnover, keep at most 2 × 100
    const p = await addPromotion(app.t, { turnoverMultiple: 1, maxWithdrawMultiple: 2, maxBalanceAtClaim: null });
    const m = await app.member();
    await app.deposit(m.id, 50_000n);
    expect((await call(m, 'GET', `/api/bonus/activate/${p.code}`)).status).toBe(200);
    expect((await call(m, 'GET', '/api/bonus/condition')).body.condition).toMatchObject({ maxWithdraw: 200 });
    pg.recordBet(m.pgUser, 10_000n, 10_000n, app.t.clock.now());
    app.t.clock.advance(1_000);
    await app.pull();
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'success', forfeited: 40_000n })]);
    expect(await wallet(m.id)).toBe(20_000n);
    const rows = StatementListSchema.parse((await call(m, 'POST', '/api/statement', { page: 1, limit: 20 })).body);
    expect(rows.statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ statementType: 'finish_bonus', amount: 400, from: 'WALLET', to: 'BONUS' }),
        expect.objectContaining({ statementType: 'finish_bonus', status: 'SUCCESS' }),
      ]),
    );
    // claimed in Thai, read in Lao: the promotion's Lao name (the server-fed content has a form per language)
    const lao = await app.t.app.inject({
      method: 'POST',
      url: '/api/statement',
      headers: { ...m.auth, 'accept-language': 'la' },
      payload: { page: 1, limit: 20 },
    });
    const bonusRow = StatementListSchema.parse(lao.json()).statements.find((r) => r.statementType === 'bonus');
    expect(bonusRow?.bonus).toEqual({ name: 'ໂບນັດ' });
    await expectLedgerSound(app.t);
  });

  it('maxWithdraw with the money parked in a game: it stays running (no withdrawal) until the money is back', async () => {
    const { call, transfer, withdraw, wallet, pg } = app;
    const p = await addPromotion(app.t, { turnoverMultiple: 1, maxWithdrawMultiple: 2, maxBalanceAtClaim: null });
    const m = await app.member();
    await app.deposit(m.id, 50_000n);
    await call(m, 'GET', `/api/bonus/activate/${p.code}`);
    expect((await transfer(m, 'WALLET', 'pg', 550)).body).toMatchObject({ status: 'SUCCESS' });
    pg.recordBet(m.pgUser, 10_000n, 10_000n, app.t.clock.now());
    app.t.clock.advance(1_000);
    await app.pull();
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'running' })]);
    expect((await withdraw(m, 100)).body).toEqual({ message: 'BONUS_REMAINING' });

    expect((await transfer(m, 'pg', 'WALLET', 550)).body).toMatchObject({ status: 'SUCCESS' });
    await app.deliver(); // the transfer's ledger.posted evaluates the condition
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'success', forfeited: 40_000n })]);
    expect(await wallet(m.id)).toBe(20_000n);
    expect((await withdraw(m, 200)).body).toEqual({ message: 'SUCCESS' });
    await expectLedgerSound(app.t);
  });

  it('maxWithdraw cannot be dodged by winnings inside a game the stored reading does not know yet', async () => {
    const { call, transfer, withdraw, wallet, pg } = app;
    const p = await addPromotion(app.t, { turnoverMultiple: 1, maxWithdrawMultiple: 2, maxBalanceAtClaim: null });
    const m = await app.member();
    await app.deposit(m.id, 50_000n);
    await call(m, 'GET', `/api/bonus/activate/${p.code}`);
    await transfer(m, 'WALLET', 'pg', 10);
    pg.play(m.pgUser, 100_000n); // won 1,000 in the game: the stored reading still says 10
    pg.recordBet(m.pgUser, 10_000n, 10_000n, app.t.clock.now());
    app.t.clock.advance(1_000);
    await app.pull();
    // the turnover is made, but money is still in a game: it waits (no withdrawal) instead of capping 590 of 1,600
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'running' })]);
    expect((await withdraw(m, 500)).body).toEqual({ message: 'BONUS_REMAINING' });

    expect((await transfer(m, 'pg', 'WALLET', 1_010)).body).toMatchObject({ status: 'SUCCESS' });
    await app.deliver();
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'success', forfeited: 140_000n })]);
    expect(await wallet(m.id)).toBe(20_000n);
    await expectLedgerSound(app.t);
  });

  it('maxBet: bets above it do not count toward the turnover and are listed to the player and the operator', async () => {
    const { call, pg } = app;
    const p = await addPromotion(app.t, { turnoverMultiple: 3, maxBet: 5_000n, maxBalanceAtClaim: null });
    const m = await app.member();
    await call(m, 'GET', `/api/bonus/activate/${p.code}`);
    const at = app.t.clock.now();
    pg.recordBet(m.pgUser, 25_000n, 0n, at); // above the 50 cap: not counted
    pg.recordBet(m.pgUser, 5_000n, 0n, at); // at the cap: counted
    pg.recordBet(m.pgUser, 4_000n, 9_000n, at);
    app.t.clock.advance(1_000);
    await app.pull();
    const condition = (await call(m, 'GET', '/api/bonus/condition')).body.condition;
    expect(condition).toMatchObject({
      progress: 90,
      target: 300,
      maxBet: 50,
      overMaxBets: { count: 1, stake: 250, latest: [expect.objectContaining({ game: 'pg', stake: 250 })] },
    });
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'running' })]);

    const auth = { authorization: `Bearer ${await adminToken(app.t)}` };
    const res = await app.t.app.inject({ url: `/api/admin/promotions/members/${m.id}/conditions`, headers: auth });
    const [admin] = (res.json().conditions as unknown[]).map((c) => AdminConditionSchema.parse(c));
    expect(admin).toMatchObject({ progress: 90, maxBet: 50, overMaxBets: { count: 1, stake: 250 } });
    await expectLedgerSound(app.t);
  });
});
