import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../src/bootstrap/demo.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { get, login } from '../account/account-helpers.ts';
import { createTestApp, deliverOutbox, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // the demo friend's deposit event reaches the referral subscriber
  await deliverOutbox(t);
});
afterAll(async () => {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  await t.close();
});

describe('demo data', () => {
  it('the demo member has a commission and a refund to receive, and banners for both modals', async () => {
    const token = (await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password)).body.token as string;
    expect((await get(t, '/api/wallet', { token })).body.invite).toEqual({ amount: 50, success: 1, fail: 0 });
    expect((await get(t, '/api/refund/check', { token })).body).toMatchObject({
      result: true,
      bonus: false,
      refundAmount: 50,
      refundSuccess: 200,
      refundFail: 10,
    });
    for (const place of ['invite', 'refund']) {
      const banners = (await get(t, `/api/${place}/banners`, { token })).body as unknown as unknown[];
      expect(banners).toHaveLength(1);
    }
    // the refund first: receiving the invite bonus starts a condition, and no refund is received while one runs
    expect(await get(t, '/api/refund/receive', { token })).toEqual({
      status: 200,
      body: { message: 'REFUND_SUCCESS' },
    });
    expect(await get(t, '/api/invite/bonus', { token })).toEqual({
      status: 200,
      body: { message: 'INVITE_BONUS_SUCCESS' },
    });
  });
});
