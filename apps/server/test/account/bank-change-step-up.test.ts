import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSecurityEvents } from '../../src/db/schema/account.ts';
import { createAccountApi } from '../../src/modules/account/account.api.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  bankChangeOtp,
  get,
  post,
  put,
  renewToken,
  signUp,
  uniqueAccountNo,
  uniquePhone,
  verifyPhone,
} from './account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
});
afterAll(() => t.close());

const HOUR = 3600_000;
const profileOf = async (token: string) => (await get(t, '/api/account/profile', { token })).body;
const events = (memberId: number) =>
  t.ctx.db.select().from(memberSecurityEvents).where(eq(memberSecurityEvents.memberId, memberId));
const idOf = async (token: string) => Number((await profileOf(token))._id);

describe('payout bank account change needs a fresh OTP (ASVS 7.5.1, ADR 0017)', () => {
  it('refuses a new account number or bank with the bearer token alone, and changes nothing', async () => {
    const member = await signUp(t);
    const before = await profileOf(member.token);
    for (const change of [{ bankAccountNo: uniqueAccountNo() }, { bankCode: 'SCB' }]) {
      expect(await put(t, '/api/account/profile', change, { token: member.token })).toEqual({
        status: 400,
        body: { message: 'UNVERIFIED_OTP' },
      });
    }
    expect(await profileOf(member.token)).toEqual(before);
    expect(await events(await idOf(member.token))).toEqual([]);
  });

  it("sends the code to the member's own phone and accepts it once", async () => {
    const member = await signUp(t);
    const step = await bankChangeOtp(t, member);
    const bankAccountNo = uniqueAccountNo();
    const wrong = step.otpCode === '000000' ? '000001' : '000000';
    expect(
      await put(t, '/api/account/profile', { bankAccountNo, ...step, otpCode: wrong }, { token: member.token }),
    ).toEqual({ status: 400, body: { message: 'OTP_CODE_INVALID' } });
    const res = await put(t, '/api/account/profile', { bankAccountNo, ...step }, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.bankAccountNo).toBe(bankAccountNo);
    // single use
    expect(
      await put(t, '/api/account/profile', { bankAccountNo: uniqueAccountNo(), ...step }, { token: member.token }),
    ).toEqual({ status: 400, body: { message: 'OTP_TOKEN_INVALID' } });
  });

  it("does not take another member's step-up code, nor a registration code", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const stepA = await bankChangeOtp(t, a);
    expect(
      await put(t, '/api/account/profile', { bankAccountNo: uniqueAccountNo(), ...stepA }, { token: b.token }),
    ).toEqual({ status: 400, body: { message: 'OTP_TOKEN_INVALID' } });
    const phone = uniquePhone();
    const sent = await post(t, '/api/otp/send', { phoneNumber: phone });
    await verifyPhone(t, uniquePhone());
    expect(
      await put(
        t,
        '/api/account/profile',
        { bankAccountNo: uniqueAccountNo(), otpToken: sent.body.otpToken, otpCode: '123456' },
        { token: b.token },
      ),
    ).toEqual({ status: 400, body: { message: 'OTP_TOKEN_INVALID' } });
  });

  it('records a security event and starts a 24-hour cooling period shown on the profile', async () => {
    const member = await signUp(t, { bankCode: 'KBANK' });
    const memberId = await idOf(member.token);
    const api = createAccountApi(t.ctx);
    await expect(api.assertPayoutAllowed(memberId)).resolves.toBeUndefined();
    const bankAccountNo = uniqueAccountNo();
    const changedAt = t.clock.now();
    await put(
      t,
      '/api/account/profile',
      { bankCode: 'SCB', bankAccountNo, ...(await bankChangeOtp(t, member)) },
      {
        token: member.token,
        ip: '198.51.100.7',
      },
    );
    expect(await events(memberId)).toEqual([
      expect.objectContaining({
        kind: 'payout-account-changed',
        ip: '198.51.100.7',
        detail: {
          before: { bankCode: 'KBANK', bankAccountNo: member.bankAccountNo },
          after: { bankCode: 'SCB', bankAccountNo },
        },
        createdAt: changedAt,
      }),
    ]);
    const until = new Date(changedAt.getTime() + 24 * HOUR);
    expect((await profileOf(member.token)).payoutCoolingUntil).toBe(until.toISOString());
    expect(await api.payoutAccountCoolingUntil(memberId)).toEqual(until);
    await expect(api.assertPayoutAllowed(memberId)).rejects.toMatchObject({
      code: 'PAYOUT_ACCOUNT_COOLING',
      status: 403,
    });
    t.clock.advance(24 * HOUR - 1000);
    await expect(api.assertPayoutAllowed(memberId)).rejects.toMatchObject({ code: 'PAYOUT_ACCOUNT_COOLING' });
    t.clock.advance(1000);
    await expect(api.assertPayoutAllowed(memberId)).resolves.toBeUndefined();
    expect((await profileOf(await renewToken(t, member))).payoutCoolingUntil).toBeNull();
  });

  it('follows the payoutCoolingHours setting', async () => {
    await t.ctx.settings.set('payoutCoolingHours', 48);
    try {
      const member = await signUp(t);
      const step = await bankChangeOtp(t, member);
      await put(t, '/api/account/profile', { bankAccountNo: uniqueAccountNo(), ...step }, { token: member.token });
      t.clock.advance(47 * HOUR);
      expect((await profileOf(await renewToken(t, member))).payoutCoolingUntil).not.toBeNull();
      t.clock.advance(HOUR);
      expect((await profileOf(await renewToken(t, member))).payoutCoolingUntil).toBeNull();
    } finally {
      await t.ctx.settings.set('payoutCoolingHours', 24);
    }
  });

  it('lets the name and the same account through without a code or cooling', async () => {
    const member = await signUp(t);
    const res = await put(
      t,
      '/api/account/profile',
      { name: 'Renamed', bankCode: member.bankCode, bankAccountNo: member.bankAccountNo },
      { token: member.token },
    );
    expect(res).toMatchObject({ status: 200, body: { name: 'Renamed', payoutCoolingUntil: null } });
    expect(await events(await idOf(member.token))).toEqual([]);
  });

  it('needs a session to request the code', async () => {
    expect(await post(t, '/api/account/profile/otp')).toEqual({ status: 401, body: { message: 'invalid-token' } });
  });
});
