import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminGet, join, relogin, wallet, type Player } from '../referral/referral-harness.ts';
import { addWallet, bet, check, receive, refundLog, runRefundJob } from './refunds-harness.ts';

// 2026-11-23 23:59:00 in Bangkok
const clock = new FakeClock(new Date('2026-11-23T16:59:00Z'));
const bkk = (local: string) => new Date(`${local}+07:00`);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.ctx.settings.set('refundRates', { lossPercent: 5, minRefund: 10, successPercent: 200, failPercent: 10 });
});
afterAll(async () => {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  await t.close();
});

const amountOf = async (p: Player) => ((await wallet(t, p)).wallet as { amount: number }).amount;

describe('the daily refund over a Bangkok midnight (docs/design.md §4, §9.6)', () => {
  let player: Player;
  let small: Player;
  beforeAll(async () => {
    player = await join(t, uniqueIp());
    small = await join(t, uniqueIp());
    // Monday 23 Nov: lost 1 000 (two bets), won 200 on a third; a bet 2 minutes after midnight is the 24th's
    await bet(t, player.id, bkk('2026-11-23T20:00:00'), 100_000n, 0n);
    await bet(t, player.id, bkk('2026-11-23T23:59:59.900'), 40_000n, 20_000n);
    await bet(t, player.id, bkk('2026-11-23T21:00:00'), 10_000n, 30_000n);
    await bet(t, player.id, bkk('2026-11-24T00:00:00.100'), 500_000n, 0n);
    // lost 150: 5 % is 7.50, below the 10 baht minimum
    await bet(t, small.id, bkk('2026-11-23T12:00:00'), 15_000n, 0n);
  });

  it('computes yesterday × rate at 00:05, once per member and day, leaving out refunds under the minimum', async () => {
    expect((await check(t, player)).body).toMatchObject({ result: false, refundAmount: 0 });
    clock.set(bkk('2026-11-24T00:05:00'));
    await runRefundJob(t, '2026-11-24T00:05:00+07:00');
    await runRefundJob(t, '2026-11-24T00:05:00+07:00');
    expect((await check(t, player)).body).toEqual({
      result: true,
      bonus: false,
      info: '2026-11-23',
      refundAmount: 50,
      refundSuccess: 200,
      refundFail: 10,
    });
    expect((await check(t, small)).body).toMatchObject({ result: false, refundAmount: 0 });
    const runs = await adminGet(t, '/api/admin/refunds/runs');
    expect(runs.body.rows).toContainEqual(
      expect.objectContaining({ day: '2026-11-23', lossPercent: 5, minRefund: 10 }),
    );
    const list = await adminGet(t, `/api/admin/refunds?memberId=${player.id}`);
    expect(list.body).toMatchObject({ total: 1, rows: [{ day: '2026-11-23', loss: 1000, amount: 50 }] });
  });

  it('receive collects it into the refund balance; addWallet credits the wallet and starts a credit condition', async () => {
    const before = await amountOf(player);
    expect(await receive(t, player)).toEqual({ status: 200, body: { message: 'REFUND_SUCCESS' } });
    expect(await receive(t, player)).toEqual({ status: 400, body: { message: 'NO_REFUND' } });
    expect((await check(t, player)).body).toMatchObject({ result: true, refundAmount: 50, info: '' });
    expect(await amountOf(player)).toBe(before);

    expect(await addWallet(t, player)).toEqual({ status: 200, body: { message: 'REFUND_SUCCESS' } });
    expect(await amountOf(player)).toBeCloseTo(before + 50, 2);
    expect((await check(t, player)).body).toMatchObject({ result: false, refundAmount: 0, bonus: true });
    expect((await refundLog(t, player)).body).toEqual({
      total: 1,
      refunds: [{ refundAmount: 50, createdAt: expect.stringMatching(/^2026-11-23T17:0/) }],
    });
  });

  it('refuses receive and addWallet with REFUND_CONDITION while a condition runs', async () => {
    // the 24th's loss (5 000) becomes the next refund while the refund's own condition still runs
    clock.set(bkk('2026-11-25T00:05:00'));
    await runRefundJob(t, '2026-11-25T00:05:00+07:00');
    await relogin(t, player);
    await relogin(t, small);
    expect((await check(t, player)).body).toMatchObject({ result: true, refundAmount: 250, bonus: true });
    expect(await receive(t, player)).toEqual({ status: 400, body: { message: 'REFUND_CONDITION' } });
    expect(await addWallet(t, player)).toMatchObject({ body: { message: 'REFUND_CONDITION' } });
  });

  it('a member with nothing to refund gets NO_REFUND', async () => {
    expect(await receive(t, small)).toEqual({ status: 400, body: { message: 'NO_REFUND' } });
    expect(await addWallet(t, small)).toEqual({ status: 400, body: { message: 'NO_REFUND' } });
    expect((await refundLog(t, small)).body).toEqual({ total: 0, refunds: [] });
  });
});
