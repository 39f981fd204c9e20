import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { auditLog } from '../../src/db/schema/audit.ts';
import { gameBets } from '../../src/db/schema/promotions.ts';
import { bangkokDate } from '../../src/lib/bangkok-time.ts';
import { recordIncoming } from '../../src/modules/deposits/deposits.api.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';
import { operators } from './backoffice-helpers.ts';

/** The reports page's figures against a known ledger: one deposit, one paid withdrawal, one decision (ADR 0034). */
let h: WithdrawalsHarness;
let tok: Record<string, string>;
let today: string;
/** today's figures before this test moves money (the demo seed credits a deposit of its own) */
let baseline: { deposits: bigint; withdrawals: bigint; manual: { amount: bigint; count: number } };

beforeAll(async () => {
  h = await createWithdrawalsHarness();
  tok = await operators(h.t, { fin: ['finance'], sup: ['support'] });
  today = bangkokDate(h.t.ctx.clock.now());
  const seen = await h.call(tok.fin!, 'GET', `/api/admin/period-report?from=${today}&to=${today}`);
  const manual = seen.body.channels.find((c: { channel: string }) => c.channel === 'manual');
  baseline = {
    deposits: BigInt(seen.body.days[0].deposits),
    withdrawals: BigInt(seen.body.days[0].withdrawals),
    manual: { amount: BigInt(manual?.amount ?? 0), count: manual?.count ?? 0 },
  };
  const alice = await h.member(1_000_00n);
  const ledger = new LedgerService(h.t.ctx.db);
  await h.t.ctx.db.transaction((tx) =>
    recordIncoming(ledger, tx, {
      memberId: alice.id,
      channel: 'manual',
      reference: `report-test-${alice.id}`,
      sourceId: null,
      amount: 500_00n,
      currency: 'THB',
      status: 'credited',
      at: h.t.ctx.clock.now(),
    }),
  );
  const asked = await h.call(
    alice.token,
    'POST',
    '/api/wallet/withdraw',
    { amount: 300 },
    { 'idempotency-key': 'r-1' },
  );
  expect(asked.status).toBe(200);
  const [w] = await h.withdrawalsOf(alice.id);
  expect((await h.call(tok.fin!, 'POST', `/api/admin/withdrawals/${w!.id}/approve`)).status).toBe(200);
  // the bank answers on its own time: the reconciler settles the payout (a condition, not a sleep)
  for (let i = 0; i < 150 && (await h.withdrawalsOf(alice.id))[0]!.status !== 'paid'; i++) {
    await h.reconcile();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect((await h.withdrawalsOf(alice.id))[0]!.status).toBe('paid');
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const report = (token: string, from: string, to: string) =>
  h.call(token, 'GET', `/api/admin/period-report?from=${from}&to=${to}`);

describe('period report', () => {
  it('sums the day, the channel and the operator from what really moved', async () => {
    const res = await report(tok.fin!, today, today);
    expect(res.status).toBe(200);
    const deposits = baseline.deposits + 500_00n;
    const withdrawals = baseline.withdrawals + 300_00n;
    expect(res.body.days).toEqual([
      { day: today, deposits: String(deposits), withdrawals: String(withdrawals), net: String(deposits - withdrawals) },
    ]);
    expect(res.body.channels).toContainEqual({
      channel: 'manual',
      amount: String(baseline.manual.amount + 500_00n),
      count: baseline.manual.count + 1,
    });
    expect(res.body.providers).toEqual([]);
    const fin = res.body.operators.find((o: { operator: string }) => o.operator === 'fin');
    expect(fin).toMatchObject({ approvals: 1, withdrawalsDecided: 1 });
    expect(fin.actions).toBeGreaterThanOrEqual(1);
    expect(fin.meanDecisionSeconds).toBeGreaterThanOrEqual(0);
  });

  it('lists every day of the range, zero where nothing moved', async () => {
    const d = new Date(`${today}T12:00:00+07:00`);
    const before = bangkokDate(new Date(d.getTime() - 2 * 86_400_000));
    const res = await report(tok.fin!, before, today);
    expect(res.body.days).toHaveLength(3);
    expect(res.body.days[0]).toEqual({ day: before, deposits: '0', withdrawals: '0', net: '0' });
  });

  it('refuses a reversed or too long range, and roles without finance or admin', async () => {
    expect((await report(tok.fin!, today, '2020-01-01')).status).toBe(400);
    expect((await report(tok.fin!, '2020-01-01', today)).status).toBe(400);
    expect((await report(tok.sup!, today, today)).status).toBe(403);
  });

  it('exports a section as CSV in baht with Bangkok dates, audited', async () => {
    const res = await h.t.app.inject({
      method: 'GET',
      url: `/api/admin/period-report.csv?from=${today}&to=${today}&section=days`,
      headers: { authorization: `Bearer ${tok.fin}` },
    });
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.toString('utf8');
    const [y, m, d] = today.split('-');
    const baht = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    const deposits = baseline.deposits + 500_00n;
    const withdrawals = baseline.withdrawals + 300_00n;
    expect(text).toBe(
      `\uFEFFday,deposits_baht,withdrawals_baht,net_baht\r\n${d}/${m}/${y},${baht(deposits)},${baht(withdrawals)},${baht(deposits - withdrawals)}\r\n`,
    );
    const audit = await h.t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'export.report'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator: 'fin', target: 'export:report:days' });
  });

  it("adds the bets per game provider of the range, per wallet currency (stakes, payouts, members' win/loss)", async () => {
    const bettor = await h.member(0n);
    const kipBettor = await h.member(0n);
    await h.t.ctx.db.update(members).set({ currency: 'LAK' }).where(eq(members.id, kipBettor.id));
    const at = h.t.ctx.clock.now();
    const bet = (memberId: number, betId: string, stake: bigint, payout: bigint) => ({
      game: 'reportslot',
      betId,
      memberId,
      stake,
      payout,
      placedAt: at,
      day: today,
      pulledAt: at,
    });
    await h.t.ctx.db
      .insert(gameBets)
      .values([
        bet(bettor.id, 'r-b1', 100_00n, 30_00n),
        bet(bettor.id, 'r-b2', 50_00n, 0n),
        bet(kipBettor.id, 'r-b3', 9_000_000_00n, 0n),
      ]);
    const res = await report(tok.fin!, today, today);
    expect(res.body.providers).toContainEqual({
      game: 'reportslot',
      toGame: '0',
      fromGame: '0',
      net: '0',
      count: 0,
      bets: 2,
      stakes: String(150_00n),
      payouts: String(30_00n),
      winLoss: String(-120_00n),
    });
    const csv = await h.t.app.inject({
      method: 'GET',
      url: `/api/admin/period-report.csv?from=${today}&to=${today}&section=providers`,
      headers: { authorization: `Bearer ${tok.fin}` },
    });
    const lines = csv.rawPayload.toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFprovider,to_game_baht,from_game_baht,net_baht,transfers,bets,stakes_baht,payouts_baht,members_win_loss_baht',
    );
    expect(lines).toContain('reportslot,0.00,0.00,0.00,0,2,150.00,30.00,-120.00');
  });
});
