import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { addPromotion } from '../promotions/promo-fixture.ts';
import { createBonusRulesApp } from '../promotions/bonus-rules-fixture.ts';

/**
 * The bonus rules (docs/decisions/0020-bonus-cancel-and-claim-rules.md) as an abuser tries them: park the bonus in
 * games (one, two, in flight, racing the cancel), claim while holding money (split across wallet, games and a pending
 * transfer; the same claim many times at once), dodge maxWithdraw by parking at success, and bets above maxBet.
 */
let app: Awaited<ReturnType<typeof createBonusRulesApp>>;
/** what got through (must stay 0) and what was refused, printed at the end */
const counts: Record<string, number> = { 'bonus withdrawn': 0, 'moved back after the cancel': 0 };
const count = (key: string) => void (counts[key] = (counts[key] ?? 0) + 1);
beforeAll(async () => {
  app = await createBonusRulesApp();
});
afterAll(async () => {
  console.info('hostile: bonus rules', counts);
  await expectLedgerSound(app.t);
  await app.t.close();
});

type Member = Awaited<ReturnType<typeof app.member>>;
const activate = (m: Member, game: string) => app.call(m, 'GET', `/api/wallet/activate/${game}`);

describe('bonus rules, hostile', () => {
  it('park in a game: one game, split over two, in flight, or racing the cancel — the bonus never leaves', async () => {
    const { call, transfer, withdraw, wallet } = app;
    // split over two games, then cancel and bring it all back
    const split = await app.member();
    await activate(split, 'betflix');
    await call(split, 'GET', '/api/promotion/activate/WELCOME100');
    await transfer(split, 'WALLET', 'pg', 60);
    await transfer(split, 'WALLET', 'betflix', 40);
    expect((await call(split, 'GET', '/api/bonus/clear')).body).toEqual({ message: 'SUCCESS' });
    for (const game of ['pg', 'betflix']) {
      if ((await transfer(split, game, 'WALLET', 40)).status === 200) count('moved back after the cancel');
    }
    if ((await withdraw(split, 100)).body.message === 'SUCCESS') count('bonus withdrawn');
    expect(await wallet(split.id)).toBe(0n);
    count('split park forfeited');

    // the cancel racing a transfer into the game: the cancel takes the whole bonus, or is refused and keeps it running
    for (let round = 0; round < 4; round++) {
      const m = await app.member();
      await call(m, 'GET', '/api/promotion/activate/WELCOME100');
      const [cleared] = await Promise.all([call(m, 'GET', '/api/bonus/clear'), transfer(m, 'WALLET', 'pg', 100)]);
      const [c] = await app.conditions(m.id);
      if (cleared.body.message === 'SUCCESS') {
        expect(c).toMatchObject({ status: 'cancelled', forfeited: 10_000n });
        count('race: cancelled with the full forfeit');
      } else {
        expect(cleared.body).toEqual({ message: 'BONUS_CANCEL_GAME_BALANCE' });
        expect(c).toMatchObject({ status: 'running', forfeited: 0n });
        expect((await withdraw(m, 100)).body).toEqual({ message: 'BONUS_REMAINING' });
        count('race: cancel refused, bonus still locked');
      }
    }

    // in flight: the provider never answers the transfer; the cancel is refused, nothing is forfeited or freed
    const flight = await app.member();
    await call(flight, 'GET', '/api/promotion/activate/WELCOME100');
    app.pg.fault('unknown', ['deposit'], 10);
    await transfer(flight, 'WALLET', 'pg', 100);
    app.pg.clearFaults();
    for (let i = 0; i < 3; i++) {
      expect((await call(flight, 'GET', '/api/bonus/clear')).body).toEqual({ message: 'BONUS_CANCEL_GAME_BALANCE' });
      count('in-flight cancel refused');
    }
    expect((await withdraw(flight, 100)).body).toEqual({ message: 'BONUS_REMAINING' });
    app.t.clock.advance(61_000);
    await app.reconcile();
    await expectLedgerSound(app.t);
  });

  it('claim while holding money: split across wallet, games and a pending transfer; many claims at once', async () => {
    const { call, transfer } = app;
    // 4 in the wallet + 4 in a game + 4 on its way: 12 held, each part under the 5.00 limit
    const split = await app.member();
    await app.deposit(split.id, 1_200n);
    await transfer(split, 'WALLET', 'pg', 4);
    app.pg.fault('unknown', ['deposit'], 10);
    await transfer(split, 'WALLET', 'pg', 4);
    app.pg.clearFaults();
    await app.deposit(split.id, 10_000n);
    const refused = await call(split, 'GET', '/api/bonus/activate/DAILY10');
    expect(refused.body).toEqual({
      message: 'BONUS_CONDITION',
      reason: 'BALANCE_ABOVE_MAX',
      values: { max: '5.00', balance: '12.00' },
    });
    count('split balance refused');

    // ten claims of DAILY10 at once by a member who may claim: one credit, the rest refused with a code
    const m = await app.member();
    await app.deposit(m.id, 10_000n);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(m, 'GET', '/api/bonus/activate/DAILY10')));
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBe(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBeLessThan(500);
      count(`concurrent claim refused ${String(a.body.message)}`);
    }
    expect(await app.wallet(m.id)).toBe(11_000n);
    // a second bonus while it runs: refused
    expect((await call(m, 'GET', '/api/bonus/activate/FIRST50')).body.message).toBe('BONUS_ALREADY_ACTIVE');
    // it succeeds (the credit rule: 220 held), then the next day the same bonus with that money still held: refused
    await app.deposit(m.id, 11_000n);
    await app.deliver();
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'success' })]);
    app.t.clock.advance(86_400_000);
    const later = { ...m, auth: { authorization: `Bearer ${await app.t.ctx.sessions.create(m.id)}` } };
    await app.deposit(m.id, 10_000n);
    const nextDay = await call(later, 'GET', '/api/bonus/activate/DAILY10');
    expect(nextDay.body).toMatchObject({ message: 'BONUS_CONDITION', reason: 'BALANCE_ABOVE_MAX' });
    count('next-day claim with the credit held refused');
    app.t.clock.advance(61_000);
    await app.reconcile();
    await expectLedgerSound(app.t);
  });

  it('dodge maxWithdraw by parking at success, or make turnover with bets above maxBet: neither works', async () => {
    const { call, transfer, withdraw, wallet, pg } = app;
    const capped = await addPromotion(app.t, {
      turnoverMultiple: 1,
      maxWithdrawMultiple: 2,
      maxBet: 5_000n,
      maxBalanceAtClaim: null,
    });
    const m = await app.member();
    await app.deposit(m.id, 50_000n);
    await call(m, 'GET', `/api/bonus/activate/${capped.code}`);
    // 100 of turnover needed: one 500 bet does not count, nor a 50.01 one; two bets of 50 do
    pg.recordBet(m.pgUser, 50_000n, 100_000n, app.t.clock.now());
    pg.recordBet(m.pgUser, 5_001n, 0n, app.t.clock.now());
    app.t.clock.advance(1_000);
    await app.pull();
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'running' })]);
    count('over-max bets not counted');
    // everything into the game before the turnover lands
    await transfer(m, 'WALLET', 'pg', 600);
    pg.recordBet(m.pgUser, 5_000n, 5_000n, app.t.clock.now());
    pg.recordBet(m.pgUser, 5_000n, 5_000n, app.t.clock.now());
    app.t.clock.advance(1_000);
    await app.pull();
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'running' })]);
    for (const amount of [100, 600]) {
      if ((await withdraw(m, amount)).body.message === 'BONUS_REMAINING') count('withdrawal while parked refused');
    }
    await transfer(m, 'pg', 'WALLET', 600);
    await app.deliver();
    expect(await app.conditions(m.id)).toEqual([expect.objectContaining({ status: 'success', forfeited: 40_000n })]);
    expect(await wallet(m.id)).toBe(20_000n);
    expect((await withdraw(m, 201)).body).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    count('capped at success');
    await expectLedgerSound(app.t);
  });
});
