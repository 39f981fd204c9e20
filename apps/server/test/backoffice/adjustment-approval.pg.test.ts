import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../src/db/schema/ledger.ts';
import { get, signUp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminCall, expectBooksBalanced, operators } from './backoffice-helpers.ts';

// Two operators approving the same pending adjustment at the same moment: it is posted once (row lock, and the
// ledger key adjustment:{id} behind it), the other approval is told it was decided (APPROVAL_DECIDED).
describe.runIf(process.env.DATABASE_URL)('concurrent approvals of one adjustment (PostgreSQL)', () => {
  let t: TestApp;
  let tok: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.settings.set('registerOTP', false);
    tok = await operators(t, { req: ['finance'], ap1: ['finance'], ap2: ['finance'] });
  });
  afterAll(async () => {
    await expectBooksBalanced(t);
    await t.close();
  });

  it('posts each adjustment exactly once', async () => {
    const member = await signUp(t);
    const memberId = Number(
      ((await get(t, '/api/wallet', { token: member.token })).body.profile as { _id: string })._id,
    );
    const ROUNDS = 20;
    const ids: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const res = await adminCall(t, tok.req!, 'POST', `/api/admin/members/${memberId}/adjustments`, {
        amount: '1000000',
        reason: `large credit ${i}`,
      });
      expect(res.body.adjustment).toMatchObject({ status: 'pending' });
      ids.push((res.body.adjustment as { id: number }).id);
    }
    const answers = await Promise.all(
      ids.flatMap((id) => [
        adminCall(t, tok.ap1!, 'POST', `/api/admin/adjustments/${id}/approve`),
        adminCall(t, tok.ap2!, 'POST', `/api/admin/adjustments/${id}/approve`),
      ]),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(ROUNDS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(ROUNDS);
    const posted = await t.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, 'adjustment:%'));
    expect(posted).toHaveLength(ROUNDS);
    expect(new Set(posted.map((p) => p.idempotencyKey)).size).toBe(ROUNDS);
    const wallet = (await get(t, '/api/wallet', { token: member.token })).body.wallet as { amount: number };
    expect(wallet.amount).toBe(ROUNDS * 10_000);
    const queue = await adminCall(t, tok.ap1!, 'GET', '/api/admin/adjustments?status=pending');
    expect(queue.body.total).toBe(0);
    expect(
      await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.memberId, memberId)),
    ).toHaveLength(ROUNDS);
  });
});
