import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { balanceAdjustments } from '../../src/db/schema/wallet.ts';
import { signUp } from '../account/account-helpers.ts';
import { adminCall, expectBooksBalanced, operators } from '../backoffice/backoffice-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Hostile cases for the live queues (docs/decisions/0033-live-queues.md): the queue counts are for operators only,
 * take no input, and a decision on a row someone decided first names who and when without changing anything.
 */
let t: TestApp;
let tok: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
  tok = await operators(t, { sup: ['support'], mkt: ['marketing'] });
}, 60_000);
afterAll(async () => {
  await expectBooksBalanced(t);
  await t.close();
});

describe('GET /api/admin/queues', () => {
  it('answers 401 without an operator (anonymous, a member token, a forged token)', async () => {
    const member = await signUp(t);
    for (const authorization of [undefined, `Bearer ${member.token}`, 'Bearer forged.token.value']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/queues',
        ...(authorization ? { headers: { authorization } } : {}),
      });
      expect(res.statusCode, String(authorization)).toBe(401);
    }
  });

  it('gives any operator the counts, and ignores query input it does not take', async () => {
    for (const token of [tok.sup!, tok.mkt!, tok.admin!]) {
      const res = await adminCall(t, token, 'GET', "/api/admin/queues?status=paid&x='%20or%201=1--");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        withdrawals: { pending_review: 0, approved: 0, paying: 0, payout_failed: 0 },
        deposits: 0,
        adjustments: 0,
      });
    }
  });

  it('refuses writes to the counts', async () => {
    const res = await adminCall(t, tok.admin!, 'POST', '/api/admin/queues', { withdrawals: 0 });
    expect([404, 405]).toContain(res.status);
  });
});

describe('a row decided first', () => {
  it('answers APPROVAL_DECIDED with who and when, and changes nothing more', async () => {
    await signUp(t);
    const [member] = await t.ctx.db.select({ id: members.id }).from(members).orderBy(desc(members.id)).limit(1);
    const asked = await adminCall(t, tok.admin!, 'POST', `/api/admin/members/${member!.id}/adjustments`, {
      amount: '100',
      reason: 'goodwill',
    });
    // within the limit it is posted at once: deciding it afterwards is a conflict naming its poster and time
    expect(asked.body.adjustment).toMatchObject({ status: 'posted' });
    const id = (asked.body.adjustment as { id: number }).id;
    const before = await t.ctx.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
    for (const action of ['approve', 'reject']) {
      const again = await adminCall(t, tok.admin!, 'POST', `/api/admin/adjustments/${id}/${action}`, {
        reason: '<script>alert(1)</script>',
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        message: 'APPROVAL_DECIDED',
        reason: 'DECIDED',
        values: { state: 'posted', by: 'admin' },
      });
      expect(Number.isNaN(Date.parse((again.body.values as { at: string }).at))).toBe(false);
    }
    expect(await t.ctx.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id))).toEqual(before);
  });
});
