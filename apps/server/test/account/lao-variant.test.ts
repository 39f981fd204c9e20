import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { normalizePhone } from '../../src/lib/phone-number.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { lastCode, login, post, register } from './account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { VARIANT: 'la' } });
  await t.ctx.settings.set('registerOTP', false);
});
afterAll(() => t.close());

let n = 0;
const laoPhone = () => `020${String(55_000_000 + ++n)}`;
const laoAccount = () => `0101${String(10_000_000_000 + ++n)}`;
const laoRegistration = (overrides: Record<string, unknown> = {}) => ({
  name: 'ສົມພອນ',
  username: laoPhone(),
  password: 'secret-pass',
  sourceCode: '',
  inviteCode: '',
  bankCode: 'BCEL',
  bankAccountName: 'somphone keo',
  bankAccountNo: laoAccount(),
  ...overrides,
});
const memberByPhone = async (phone: string) =>
  (await t.ctx.db.select().from(members).where(eq(members.username, phone)))[0];

describe('Lao phone numbers (lenient rule of docs/payments.md §6)', () => {
  it.each([
    ['02055512345', '02055512345'],
    ['020 5551 2345', '02055512345'],
    ['+8562055512345', '02055512345'],
    ['8562055512345', '02055512345'],
    ['2055512345', '02055512345'],
    ['0302512345', '0302512345'],
    ['03025123456', '03025123456'],
  ])('accepts %s as %s', (raw, phone) => {
    expect(normalizePhone('la', raw)).toBe(phone);
  });

  it.each(['0812345678', '0205551234', '021123456', '+66812345678', 'abc'])('rejects %s', (raw) => {
    expect(normalizePhone('la', raw)).toBeNull();
  });

  it('answers INVALID_USER_INFO for a wrong Lao number (the 10-digit message does not apply)', async () => {
    expect(await post(t, '/api/otp/send', { phoneNumber: '0812345678' })).toEqual({
      status: 400,
      body: { message: 'INVALID_USER_INFO' },
    });
  });

  it('sends the OTP in Lao to the normalised number', async () => {
    const res = await post(t, '/api/otp/send', { phoneNumber: '+856 20 5599 0001' });
    expect(res.body.code).toBe('OTP_SENT');
    expect(await lastCode(t, '02055990001')).toMatch(/^\d{6}$/);
  });
});

describe('Lao registration', () => {
  it('stores LAK by default, THB for BAHT', async () => {
    const lak = laoRegistration();
    expect((await register(t, lak)).status).toBe(200);
    expect((await memberByPhone(lak.username))!.currency).toBe('LAK');
    const baht = laoRegistration({ currency: 'BAHT' });
    expect((await register(t, baht)).status).toBe(200);
    expect((await memberByPhone(baht.username))!.currency).toBe('THB');
    for (const currency of ['USD', '', 'THB']) {
      const refused = await post(t, '/api/account', laoRegistration({ currency }));
      expect(refused).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
    }
  });

  it('knows only the Lao banks and their account lengths', async () => {
    expect((await register(t, laoRegistration({ bankCode: 'KBANK' }))).body).toEqual({ message: 'INVALID_BANK' });
    expect((await register(t, laoRegistration({ bankAccountNo: '1'.repeat(19) }))).body).toEqual({
      message: 'INVALID_USER_INFO',
    });
  });

  it('logs in with any accepted spelling of the number', async () => {
    const body = laoRegistration();
    expect((await register(t, { ...body, username: `+856${body.username.slice(1)}` })).status).toBe(200);
    expect((await login(t, body.username, body.password)).status).toBe(200);
    expect((await login(t, `+856 ${body.username.slice(1)}`, body.password, '10.9.9.9')).status).toBe(200);
  });
});
