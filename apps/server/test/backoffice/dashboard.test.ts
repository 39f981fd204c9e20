import type { Dashboard } from '@wallet/contract/admin/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordIncoming } from '../../src/modules/deposits/deposits.api.ts';
import { openFromGame, openToGame, resolveTransfer } from '../../src/modules/game-transfers/transfer-settlement.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';

let h: WithdrawalsHarness;
let ledger: LedgerService;
let seq = 0;
let admin: string;

beforeAll(async () => {
  // a bank answer within 2 s counts (a loaded machine); a timeout fault holds its answer longer
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 2_500 });
  ledger = new LedgerService(h.t.ctx.db);
  // the app's clock on the database's day: sessions and ledger rows are stamped by the database
  h.t.clock.set(new Date());
  admin = await adminToken(h.t);
  // every request waits for a person: the test decides each one's fate
  await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 0 });
}, 60_000);
afterAll(() => h.close(), 120_000);

const dashboard = async (): Promise<Dashboard> => {
  const res = await h.call(admin, 'GET', '/api/admin/dashboard');
  expect(res.status).toBe(200);
  return res.body as Dashboard;
};

async function deposit(memberId: number, channel: 'qr' | 'slip' | 'manual', minor: bigint, status = 'credited') {
  seq += 1;
  await ledger.transaction((tx) =>
    recordIncoming(ledger, tx, {
      memberId,
      channel,
      reference: `DASH.${seq}.${memberId}`,
      sourceId: null,
      amount: minor,
      currency: 'THB',
      status: status as 'credited' | 'review',
      at: h.t.clock.now(),
    }),
  );
}

async function withdraw(who: { id: number; token: string }, major: number): Promise<string> {
  const res = await h.call(who.token, 'POST', '/api/wallet/withdraw', { amount: major });
  expect(res.status).toBe(200);
  const row = (await h.withdrawalsOf(who.id)).find((w) => w.amount === BigInt(major * 100));
  return row!.id;
}

/**
 * The ledger's own figure for these members: what one kind's transactions moved (the positive side: into the wallet
 * for a deposit, into house:withdraw for a paid withdrawal).
 */
async function ledgerSum(kind: string, memberIds: number[]): Promise<bigint> {
  const result = (await h.t.ctx.db.execute(sql`
    select coalesce(sum(e.amount), 0)::text as n
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where t.kind = ${kind} and e.amount > 0 and t.member_id in (${sql.join(memberIds, sql`, `)})`)) as unknown as {
    rows: Array<{ n: string }>;
  };
  return BigInt(result.rows[0]!.n);
}

describe('dashboard: figures as the money really moved', () => {
  it('counts money in as credited, money out as paid, queues by state, distinct actives, channels and providers', async () => {
    const before = await dashboard();
    const a = await h.member(2_000_000n);
    const b = await h.member(2_000_000n);

    // money in: two credited (qr 1,000.00, slip 2,500.50), one notice still in review (not money in)
    await deposit(a.id, 'qr', 100_000n);
    await deposit(b.id, 'slip', 250_050n);
    await deposit(b.id, 'manual', 70_000n, 'review');

    // withdrawals in every state: paid (300.00), rejected (400.00), payout failed (500.00), paying (600.00),
    // and one still waiting (700.00)
    const paid = await withdraw(a, 300);
    expect((await h.call(admin, 'POST', `/api/admin/withdrawals/${paid}/approve`)).body.withdrawal.status).toBe('paid');
    const rejected = await withdraw(a, 400);
    await h.call(admin, 'POST', `/api/admin/withdrawals/${rejected}/reject`, { reason: 'OTHER' });
    const failed = await withdraw(b, 500);
    h.setFault({ mode: 'reject', reason: 'INVALID_ACCOUNT', times: 1, toAccountNo: b.bankAccountNo });
    const refused = await h.call(admin, 'POST', `/api/admin/withdrawals/${failed}/approve`);
    expect(refused.body.withdrawal).toMatchObject({ status: 'payout_failed' });
    const paying = await withdraw(a, 600);
    h.setFault({ mode: 'timeout', times: 1, toAccountNo: a.bankAccountNo });
    const sent = await h.call(admin, 'POST', `/api/admin/withdrawals/${paying}/approve`);
    expect(sent.body.withdrawal).toMatchObject({ status: 'paying' });
    await withdraw(b, 700);

    // game transfers: 50.00 into pg and 20.00 back settled; 10.00 into pg voided (moved nothing)
    const deps = { db: h.t.ctx.db, ledger, clock: h.t.clock };
    const inPg = await openToGame(deps, { memberId: a.id, currency: 'THB', game: 'pg', amount: 5_000n });
    await resolveTransfer(deps, inPg.id, { kind: 'success', providerRef: 'R1' });
    const back = await openFromGame(deps, { memberId: a.id, currency: 'THB', game: 'pg', amount: 2_000n });
    await resolveTransfer(deps, back.id, { kind: 'success', providerRef: 'R2' });
    const voided = await openToGame(deps, { memberId: a.id, currency: 'THB', game: 'pg', amount: 1_000n });
    await resolveTransfer(deps, voided.id, { kind: 'failed', reason: 'test' });

    // member b signs in twice today and once three days ago: one active member today, once over 30 days
    await h.t.ctx.sessions.create(b.id);
    await h.t.ctx.db.execute(
      sql`update sessions set created_at = now() - interval '3 days' where id = (select id from sessions where member_id = ${b.id} order by created_at limit 1)`,
    );

    const after = await dashboard();
    const delta = (x: string, y: string) => String(BigInt(x) - BigInt(y));
    expect(delta(after.today.deposits, before.today.deposits)).toBe('350050');
    expect(delta(after.today.withdrawals, before.today.withdrawals)).toBe('30000');
    expect(after.today.net).toBe(delta(after.today.deposits, after.today.withdrawals));
    // and against the ledger itself: money in is the deposit postings into wallets, money out the paid postings
    expect(await ledgerSum('deposit', [a.id, b.id])).toBe(350050n);
    expect(await ledgerSum('withdraw_paid', [a.id, b.id])).toBe(30000n);
    // requests and reversals moved money too, but none of it is money out
    expect(await ledgerSum('withdraw', [a.id, b.id])).toBe(250000n);
    expect(delta(after.totals30.deposits, before.totals30.deposits)).toBe('350050');
    expect(delta(after.totals30.withdrawals, before.totals30.withdrawals)).toBe('30000');

    expect(after.queues.withdrawals).toEqual({
      pending_review: before.queues.withdrawals.pending_review + 1,
      approved: before.queues.withdrawals.approved,
      paying: before.queues.withdrawals.paying + 1,
      payout_failed: before.queues.withdrawals.payout_failed + 1,
    });
    expect(after.queues.deposits).toBe(before.queues.deposits + 1);

    expect(after.today.activeMembers).toBe(before.today.activeMembers + 2);
    const sumOfDays = after.days.reduce((n, d) => n + d.activeMembers, 0);
    // b counts on two days but once over the 30 days
    expect(after.totals30.activeMembers).toBe(before.totals30.activeMembers + 2);
    expect(sumOfDays).toBeGreaterThan(after.totals30.activeMembers);

    const channel = (d: Dashboard, c: string) => d.breakdown.today.channels.find((x) => x.channel === c);
    expect(delta(channel(after, 'qr')!.amount, channel(before, 'qr')?.amount ?? '0')).toBe('100000');
    expect(delta(channel(after, 'slip')!.amount, channel(before, 'slip')?.amount ?? '0')).toBe('250050');
    expect(channel(after, 'manual')?.amount ?? '0').toBe(channel(before, 'manual')?.amount ?? '0');
    const pg = (d: Dashboard) => d.breakdown.today.providers.find((p) => p.game === 'pg');
    expect(delta(pg(after)!.toGame, pg(before)?.toGame ?? '0')).toBe('5000');
    expect(delta(pg(after)!.fromGame, pg(before)?.fromGame ?? '0')).toBe('2000');
    expect(after.breakdown.days30.providers.find((p) => p.game === 'pg')?.toGame).toBe(pg(after)!.toGame);

    expect(await h.invariants()).toEqual([]);
  });

  it('the reconciliation page lists the payouts the bank has not settled, with their age', async () => {
    const rec = await h.call(admin, 'GET', '/api/admin/reconciliation');
    expect(rec.status).toBe(200);
    const payouts = rec.body.pendingPayouts as { total: number; rows: Array<{ status: string; amount: number }> };
    expect(payouts.total).toBeGreaterThanOrEqual(1);
    expect(payouts.rows.find((r) => r.amount === 600)).toMatchObject({ status: 'paying' });
    expect(await h.invariants()).toEqual([]);
  });
});
