import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { setMemberRiskMark } from '../../src/modules/account/member-flags.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/** A hold placed while an approve is in flight (real parallel PostgreSQL connections): the member is never paid. */
let h: WithdrawalsHarness;
beforeAll(async () => {
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 1_000 });
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

type Member = Awaited<ReturnType<WithdrawalsHarness['member']>>;
const pendingOf = async (m: Member, amount: number) => {
  expect((await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount })).body.message).toBe('SUCCESS');
  return (await h.withdrawalsOf(m.id))[0]!;
};
const paidTo = (m: Member) => h.store.list().filter((p) => p.toAccountNo === m.bankAccountNo);
/** Someone waits for an advisory lock (the approve queued behind the hold being placed). */
const advisoryWaiters = async () => {
  const res = (await h.t.ctx.db.execute(
    sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
  )) as unknown as { rows: Array<{ n: number }> };
  return res.rows[0]!.n;
};

describe('payout hold against a concurrent approve (PostgreSQL)', () => {
  it('an approve sent while the hold is being placed waits for it, then is refused; nothing is paid', async () => {
    const member = await h.member(1_000n * 100n);
    const w = await pendingOf(member, 300);
    let approve: Promise<{ status: number; body: Record<string, unknown> }> | undefined;
    let settled = false;
    await h.t.ctx.db.transaction(async (tx) => {
      const now = h.t.ctx.clock.now();
      await setMemberRiskMark(tx, member.id, 'payoutHold', true, { by: 'risk', at: now, reason: 'Pending KYC' });
      // the hold is placed but not committed: the approve starts now, on another connection
      approve = h.admin('POST', `/api/admin/withdrawals/${w.id}/approve`);
      void approve.then(() => (settled = true));
      // until the approve either queues behind the hold's lock or (the defect) answers without waiting
      while (!settled && (await advisoryWaiters()) === 0) await new Promise((resolve) => setImmediate(resolve));
    });
    const answer = await approve!;
    expect(answer).toMatchObject({ status: 409, body: { message: 'PAYOUT_HOLD' } });
    const [row] = await h.withdrawalsOf(member.id);
    expect(row!.status).toBe('pending_review');
    expect(paidTo(member)).toEqual([]);
    expect(await h.invariants()).toEqual([]);
  });

  it('40 members, each approved while a hold is placed at the same moment: a paid one was approved before its hold', async () => {
    const members = await Promise.all(Array.from({ length: 40 }, () => h.member(500n * 100n)));
    const rows = await Promise.all(members.map((m) => pendingOf(m, 200)));
    const counts = { paid: 0, refused: 0, backToReview: 0 };
    await Promise.all(
      members.map(async (m, i) => {
        const w = rows[i]!;
        const [approve] = await Promise.all([
          h.admin('POST', `/api/admin/withdrawals/${w.id}/approve`),
          h.admin('POST', `/api/admin/members/${m.id}/hold`, { payoutHold: true, reason: 'Race check' }),
        ]);
        const [after] = await h.withdrawalsOf(m.id);
        const audits = await h.t.ctx.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `withdrawal:${w.id}`));
        const [held] = await h.t.ctx.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `member:${m.id}`));
        if (after!.status === 'paid') {
          counts.paid += 1;
          expect(approve.status).toBe(200);
          // the approve's transaction (and so its hold check) committed before the hold's
          expect(audits[0]!.id).toBeLessThan(held!.id);
          expect(paidTo(m)).toHaveLength(1);
        } else {
          expect(after!.status).toBe('pending_review');
          expect(approve.body).toMatchObject({ message: 'PAYOUT_HOLD' });
          expect(paidTo(m)).toEqual([]);
          if (audits.length === 0) counts.refused += 1;
          else counts.backToReview += 1;
        }
      }),
    );
    console.info('payout hold race (PostgreSQL):', counts);
    expect(counts.paid + counts.refused + counts.backToReview).toBe(40);
    expect(await h.invariants()).toEqual([]);
  });
});
