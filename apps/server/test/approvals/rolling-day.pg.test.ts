import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals } from '../../src/db/schema/approvals.ts';
import { ledgerTransactions } from '../../src/db/schema/ledger.ts';
import { adminCall, expectBooksBalanced } from '../backoffice/backoffice-helpers.ts';
import { approvalOperators } from './approval-operators.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';

// The rolling-day sums are counted under the operator's and the member's transaction locks
// (docs/decisions/0022-four-eyes-approvals.md): parallel adjustments on real parallel connections cannot all slip
// under adjustmentApprovalAbove, and parallel approvals of one request execute it once.
describe.runIf(process.env.DATABASE_URL)('four eyes under races (PostgreSQL)', () => {
  let h: Awaited<ReturnType<typeof createDepositsHarness>>;
  let tok: Record<string, string>;
  beforeAll(async () => {
    h = await createDepositsHarness();
    tok = await approvalOperators(h.t, { f1: ['finance'], f2: ['finance'], f3: ['finance'], f4: ['finance'] });
  });
  afterAll(async () => {
    await expectBooksBalanced(h.t);
    await h.close();
  });
  const adjust = (token: string, memberId: number, baht: number) =>
    adminCall(h.t, token, 'POST', `/api/admin/members/${memberId}/adjustments`, {
      amount: String(baht * 100),
      reason: 'split attempt',
    });
  const statuses = (answers: Array<{ status: number; body: Record<string, unknown> }>) =>
    answers.map((a) => {
      expect(a.status).toBe(200);
      return (a.body.adjustment as { status: string }).status;
    });

  it('one operator, one member: 10 parallel 3,000 adjustments → one posts, nine wait', async () => {
    const m = await h.member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(tok.f1!, m.id, 3_000)));
    const s = statuses(answers);
    console.info('race: one operator, one member', { posted: s.filter((x) => x === 'posted').length });
    expect(s.filter((x) => x === 'posted')).toHaveLength(1);
    expect(s.filter((x) => x === 'pending')).toHaveLength(9);
    expect(await h.walletMinor(m.id)).toBe(300_000n);
  });

  it('four operators, one member, in parallel: the member sum still lets one through', async () => {
    const m = await h.member();
    const answers = await Promise.all(
      ['f2', 'f3', 'f4', 'f2', 'f3', 'f4'].map((who) => adjust(tok[who]!, m.id, 3_000)),
    );
    const s = statuses(answers);
    expect(s.filter((x) => x === 'posted')).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(300_000n);
  });

  it('parallel approvals of the waiting requests execute each once', async () => {
    const pending = await h.t.ctx.db.select().from(approvals).where(eq(approvals.status, 'pending'));
    expect(pending.length).toBeGreaterThanOrEqual(9);
    const answers = await Promise.all(
      pending.flatMap((p) =>
        ['f1', 'f2', 'f3', 'f4'].map((who) =>
          adminCall(h.t, tok[who]!, 'POST', `/api/admin/approvals/${p.id}/approve`),
        ),
      ),
    );
    const approved = answers.filter((a) => a.status === 200);
    expect(approved).toHaveLength(pending.length);
    const refusals = new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.message));
    expect([...refusals].every((r) => r === 'APPROVAL_DECIDED' || r === 'APPROVAL_OWN_REQUEST')).toBe(true);
    for (const p of pending) {
      const posted = await h.t.ctx.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, p.target));
      expect(posted).toHaveLength(1);
    }
  });
});
