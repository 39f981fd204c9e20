import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { lastCode, post, signUp, uniqueIp, uniquePhone } from '../account/account-helpers.ts';

/** Forgot password as an attacker tries it: enumeration, brute force, ticket theft and malformed bodies. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
});
afterAll(() => t.close());

describe('forgot password, hostile', () => {
  it('refuses malformed bodies with a catalogue code and never a 500', async () => {
    const bodies: Array<[string, unknown]> = [
      ['/api/password/forgot', { phoneNumber: '' }],
      ['/api/password/forgot', { phoneNumber: 'x'.repeat(5000) }],
      ['/api/password/forgot', { phoneNumber: '081\u0000234567' }],
      ['/api/password/forgot', { phoneNumber: ['0812345678'] }],
      ['/api/password/forgot/verify', { otpToken: '../../etc', otpCode: '123456' }],
      ['/api/password/forgot/verify', { otpToken: 'a'.repeat(30), otpCode: { $gt: '' } }],
      ['/api/password/reset', { phoneNumber: '0812345678', otpTicket: '', newPassword: 'abcdefg' }],
      ['/api/password/reset', { phoneNumber: '0812345678', otpTicket: 'a'.repeat(43), newPassword: 'x'.repeat(300) }],
    ];
    for (const [url, body] of bodies) {
      const res = await post(t, url, body, { ip: uniqueIp() });
      expect(res.status, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('gives a guesser of codes 5 tries per code, and each new code costs the 60-second interval', async () => {
    const member = await signUp(t);
    const sent = await post(t, '/api/password/forgot', { phoneNumber: member.username }, { ip: uniqueIp() });
    const right = await lastCode(t, member.username);
    const guesses = ['000001', '000002', '000003', '000004', '000005'].filter((c) => c !== right).slice(0, 5);
    for (const code of guesses)
      await post(t, '/api/password/forgot/verify', { otpToken: sent.body.otpToken, otpCode: code });
    const after = await post(t, '/api/password/forgot/verify', { otpToken: sent.body.otpToken, otpCode: right });
    expect(after.body).toEqual({ message: guesses.length === 5 ? 'OTP_BLOCK' : 'OTP_CODE_VALID' });
    expect((await post(t, '/api/password/forgot', { phoneNumber: member.username }, { ip: uniqueIp() })).body).toEqual({
      message: 'REQUEST_LIMIT_1MIN',
    });
  });

  it('does not tell a registered phone from another by the answer to a wrong code or a stolen ticket', async () => {
    const member = await signUp(t);
    const stranger = uniquePhone();
    const a = await post(t, '/api/password/forgot', { phoneNumber: member.username }, { ip: uniqueIp() });
    const b = await post(t, '/api/password/forgot', { phoneNumber: stranger }, { ip: uniqueIp() });
    const wrongA = await post(t, '/api/password/forgot/verify', { otpToken: a.body.otpToken, otpCode: '999999' });
    const wrongB = await post(t, '/api/password/forgot/verify', { otpToken: b.body.otpToken, otpCode: '999999' });
    if ((await lastCode(t, member.username)) !== '999999') expect(wrongA).toEqual(wrongB);
    const fake = { otpTicket: 'A'.repeat(43), newPassword: 'some-password' };
    expect(
      (await post(t, '/api/password/reset', { phoneNumber: member.username, ...fake }, { ip: uniqueIp() })).body,
    ).toEqual((await post(t, '/api/password/reset', { phoneNumber: stranger, ...fake }, { ip: uniqueIp() })).body);
  });
});
