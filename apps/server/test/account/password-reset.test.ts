import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { get, lastCode, login, outbox, post, put, signUp, uniqueIp, uniquePhone } from './account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
});
afterAll(() => t.close());

const forgot = (phoneNumber: string, ip = uniqueIp()) => post(t, '/api/password/forgot', { phoneNumber }, { ip });
const verify = (otpToken: string, otpCode: string) => post(t, '/api/password/forgot/verify', { otpToken, otpCode });
const reset = (body: Record<string, unknown>, ip = uniqueIp()) => post(t, '/api/password/reset', body, { ip });

/** Send a reset code to the member's phone and verify it; returns the ticket. */
async function ticketFor(phone: string): Promise<string> {
  const sent = await forgot(phone);
  expect(sent).toMatchObject({ status: 200, body: { code: 'OTP_SENT' } });
  const verified = await verify(sent.body.otpToken as string, await lastCode(t, phone));
  expect(verified).toMatchObject({ status: 200, body: { code: 'OTP_CODE_VALID' } });
  return verified.body.otpTicket as string;
}

describe('forgot password by OTP', () => {
  it('sets a new password, ends every other session and signs the member in', async () => {
    const member = await signUp(t);
    const other = await login(t, member.username, member.password, uniqueIp());
    const otpTicket = await ticketFor(member.username);
    expect((await outbox(t, member.username)).at(-1)).toContain('ตั้งรหัสผ่านใหม่');

    const res = await reset({ phoneNumber: member.username, otpTicket, newPassword: 'brand-new-pass' });
    expect(res.status).toBe(200);
    const token = res.body.token as string;
    // both earlier sessions are over, the new one works
    expect((await get(t, '/api/account/profile', { token: member.token })).status).toBe(401);
    expect((await get(t, '/api/account/profile', { token: other.body.token as string })).status).toBe(401);
    expect((await get(t, '/api/account/profile', { token })).status).toBe(200);
    // the old password no longer signs in, the new one does
    expect((await login(t, member.username, member.password, uniqueIp())).body).toEqual({
      message: 'WRONG_CREDENTIAL',
    });
    expect((await login(t, member.username, 'brand-new-pass', uniqueIp())).status).toBe(200);
    // the member sees it in the profile's security history, the address masked
    const events = await get(t, '/api/account/security-events', { token });
    expect(events.body).toEqual({
      items: [{ kind: 'password-reset', at: t.clock.now().toISOString(), ip: expect.stringMatching(/\.x$/) }],
    });
  });

  it('answers a phone that is no member exactly as a member, and sends nothing', async () => {
    const member = await signUp(t);
    const stranger = uniquePhone();
    const known = await forgot(member.username);
    const unknown = await forgot(stranger);
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(unknown.body).toMatchObject({ code: 'OTP_SENT', otpRef: expect.stringMatching(/^[A-Z]{4}$/) });
    expect(await outbox(t, stranger)).toEqual([]);
    // the same per-phone interval applies to both
    expect((await forgot(stranger)).body).toEqual((await forgot(member.username)).body);
    expect((await forgot(stranger)).body).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    // and no code ever verifies for the stranger
    expect((await verify(unknown.body.otpToken as string, '000000')).body).toEqual({ message: 'OTP_CODE_INVALID' });
  });

  it('spends the ticket once, and refuses tickets of other purposes, other phones and short passwords', async () => {
    const member = await signUp(t);
    const someoneElse = await signUp(t);
    const otpTicket = await ticketFor(member.username);

    expect((await reset({ phoneNumber: member.username, otpTicket, newPassword: '12345' })).body).toEqual({
      message: 'PASSWORD_LENGTH',
    });
    expect((await reset({ phoneNumber: someoneElse.username, otpTicket, newPassword: 'another-pass' })).body).toEqual({
      message: 'UNVERIFIED_OTP',
    });
    // two resets racing with one ticket: one signs in, the other is refused
    const both = await Promise.all([
      reset({ phoneNumber: member.username, otpTicket, newPassword: 'first-pass-1' }),
      reset({ phoneNumber: member.username, otpTicket, newPassword: 'second-pass-2' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body).toEqual({ message: 'UNVERIFIED_OTP' });

    // a registration OTP's ticket is no reset ticket
    const phone = uniquePhone();
    const sent = await post(t, '/api/otp/send', { phoneNumber: phone }, { ip: uniqueIp() });
    const registerTicket = (
      await post(t, '/api/otp/verify', { otpToken: sent.body.otpToken, otpCode: await lastCode(t, phone) })
    ).body.otpTicket;
    expect((await reset({ phoneNumber: phone, otpTicket: registerTicket, newPassword: 'whatever-1' })).body).toEqual({
      message: 'UNVERIFIED_OTP',
    });
    // and a reset code does not verify on the registration endpoint
    const resetSent = await forgot(someoneElse.username);
    expect(
      (
        await post(t, '/api/otp/verify', {
          otpToken: resetSent.body.otpToken,
          otpCode: await lastCode(t, someoneElse.username),
        })
      ).body,
    ).toEqual({ message: 'OTP_TOKEN_INVALID' });
  });

  it('keeps the one-minute interval per flow, and the daily cap per phone', async () => {
    const phone = uniquePhone();
    expect((await post(t, '/api/otp/send', { phoneNumber: phone }, { ip: uniqueIp() })).body).toMatchObject({
      code: 'OTP_SENT',
    });
    // a reset right after a registration code is its own flow
    expect((await forgot(phone)).body).toMatchObject({ code: 'OTP_SENT' });
    expect((await forgot(phone)).body).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(61_000);
      expect((await forgot(phone)).body).toMatchObject({ code: 'OTP_SENT' });
    }
    // five sends today, whatever their purpose: the sixth is refused
    t.clock.advance(61_000);
    expect((await forgot(phone)).body).toEqual({ message: 'OTP_BLOCK' });
  });

  it('locks a code after 5 wrong guesses', async () => {
    const member = await signUp(t);
    const sent = await forgot(member.username);
    const token = sent.body.otpToken as string;
    const right = await lastCode(t, member.username);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await verify(token, wrong)).body).toEqual({ message: 'OTP_CODE_INVALID' });
    expect((await verify(token, right)).body).toEqual({ message: 'OTP_BLOCK' });
  });

  it('limits resets per address', async () => {
    const ip = uniqueIp();
    const phone = uniquePhone();
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push(
        (await reset({ phoneNumber: phone, otpTicket: 'x'.repeat(43), newPassword: 'good-pass-1' }, ip)).body,
      );
    }
    expect(answers.slice(0, 10).every((b) => b.message === 'UNVERIFIED_OTP')).toBe(true);
    expect(answers[10]).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('records a password change in the security history, and says why a new password is refused', async () => {
    const member = await signUp(t);
    const change = (newPassword: string) =>
      put(t, '/api/account/changepwd', { oldPassword: member.password, newPassword }, { token: member.token });
    expect((await change('abc')).body).toEqual({ message: 'PASSWORD_LENGTH' });
    expect((await change('a-good-new-one')).body).toEqual({ message: 'SUCCESS' });
    const events = await get(t, '/api/account/security-events', { token: member.token });
    expect(events.body).toEqual({
      items: [{ kind: 'password-changed', at: expect.any(String), ip: expect.any(String) }],
    });
    expect((await get(t, '/api/account/security-events')).status).toBe(401);
  });
});
