import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../../src/db/schema/deposits.ts';
import { statementModule } from '../../src/modules/statement/statement.routes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';

/** Hand-picked hostile inputs for the statement's filters and receipts (modules/statement/README.md). */
let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let owner: Member;
let other: Member;

beforeAll(async () => {
  t = await createTestApp({ modules: [statementModule] });
  owner = await createMember(t);
  other = await createMember(t);
  await t.ctx.db.insert(deposits).values({
    id: 'D-hostile-1',
    memberId: owner.id,
    channel: 'manual',
    reference: 'NOTICE-H1',
    amount: 10_000n,
    currency: 'THB',
    status: 'review',
    createdAt: new Date(),
  });
});
afterAll(async () => {
  await t.close();
});

describe('statement filters and receipts, hostile input', () => {
  it('refuses a malformed month or an unknown type with KEY_INVALID', async () => {
    for (const extra of [
      { month: '2026-13' },
      { month: '2026-1' },
      { month: "2026-11' or 1=1" },
      { month: 202611 },
      { type: 'all' },
      { type: ['deposit'] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/statement',
        headers: owner.auth,
        payload: { page: 1, limit: 10, ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'KEY_INVALID' });
    }
  });

  it("another member's row, an unknown id or garbage is NOT_FOUND; no session is 401", async () => {
    const receipt = async (m: Member, id: string) => {
      const res = await t.app.inject({ url: `/api/statement/receipt/${encodeURIComponent(id)}`, headers: m.auth });
      return { status: res.statusCode, body: res.json() as unknown };
    };
    expect((await receipt(owner, 'D-hostile-1')).status).toBe(200);
    expect(await receipt(other, 'D-hostile-1')).toEqual({ status: 404, body: { message: 'NOT_FOUND' } });
    for (const id of ['999999999', 'condition:1', 'condition:x', "1' or '1'='1", '99999999999999999999999', '%00']) {
      expect(await receipt(owner, id)).toEqual({ status: 404, body: { message: 'NOT_FOUND' } });
    }
    expect((await receipt(owner, 'x'.repeat(65))).status).toBe(400);
    expect((await t.app.inject({ url: '/api/statement/receipt/D-hostile-1' })).statusCode).toBe(401);
  });
});
