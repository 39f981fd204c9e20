import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, uniqueIp } from '../account/account-helpers.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken, enrolledOperator } from '../operators/operator-helpers.ts';
import { join, wallet, type Player } from '../referral/referral-harness.ts';

/** Hand-picked hostile inputs for invite, refund and their back-office endpoints (the fuzz suites cover the rest). */
let t: TestApp;
let member: Player;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await join(t, uniqueIp());
  admin = await adminToken(t);
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });

describe('invite and refund, hostile input', () => {
  it('list bodies that are not a page: KEY_INVALID, never a 500', async () => {
    const bodies = [{}, { page: 0, limit: 10 }, { page: 1, limit: 1e9 }, { page: '1', limit: 10 }, { page: -1 }, []];
    for (const url of ['/api/invite', '/api/refund']) {
      for (const body of bodies) {
        const res = await post(t, url, body, { token: member.token });
        expect(res, `${url} ${JSON.stringify(body)}`).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
      }
    }
  });

  it('a huge limit is capped at the page size of 10', async () => {
    const res = await post(t, '/api/invite', { page: 1, limit: 100 }, { token: member.token });
    expect(res).toEqual({ status: 200, body: { invites: [], total: 0 } });
  });

  it('claims without a session: invalid-token; nothing moves', async () => {
    for (const url of ['/api/invite/bonus', '/api/refund/receive', '/api/refund/addWallet', '/api/refund/check']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(401);
    }
    for (const url of ['/api/invite/bonus', '/api/refund/receive', '/api/refund/addWallet']) {
      const res = await t.app.inject({ url, headers: as(member.token) });
      expect([400, 404]).toContain(res.statusCode);
    }
    expect((await wallet(t, member)).wallet).toMatchObject({ amount: 0 });
  });

  it('an invite code that names nobody or is malformed is refused at registration', async () => {
    await t.ctx.settings.set('registerOTP', false);
    for (const inviteCode of ['PR999999999', 'PR-1', "PR1' or 1=1", 'PR'.repeat(40)]) {
      const res = await post(
        t,
        '/api/account/validate',
        { name: 'X', username: '0812223334', password: 'secret-pass', inviteCode },
        { ip: uniqueIp() },
      );
      expect(res.status, inviteCode).toBe(400);
    }
  });

  it('admin queries and ids out of range: KEY_INVALID or NOT_FOUND; roles other than marketing/admin: FORBIDDEN', async () => {
    for (const url of [
      '/api/admin/referral/commissions?memberId=abc',
      '/api/admin/referral/members/0',
      '/api/admin/refunds?memberId=-1',
      '/api/admin/refunds/runs?page=0',
      '/api/admin/banners?place=bonus',
    ]) {
      const res = await t.app.inject({ url, headers: as(admin) });
      expect(res.statusCode, url).toBe(400);
    }
    const missing = await t.app.inject({ url: '/api/admin/referral/members/2000000000', headers: as(admin) });
    expect(missing.json()).toEqual({ message: 'NOT_FOUND' });

    const { token: support } = await enrolledOperator(t, admin, 'support-only', ['support']);
    expect(support).toBeTruthy();
    for (const url of ['/api/admin/banners', '/api/admin/referral/flags', '/api/admin/refunds/runs']) {
      expect((await t.app.inject({ url, headers: as(support) })).json(), url).toEqual({ message: 'FORBIDDEN' });
    }
  });
});
