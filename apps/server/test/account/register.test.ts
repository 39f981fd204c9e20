import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { verifyPassword } from '../../src/modules/auth/password.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  post,
  register,
  registration,
  sendOtp,
  uniqueAccountNo,
  uniqueIp,
  uniquePhone,
  verifyPhone,
} from './account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validate = (body: Record<string, unknown>, ip = uniqueIp()) => post(t, '/api/account/validate', body, { ip });
const memberByPhone = async (phone: string) =>
  (await t.ctx.db.select().from(members).where(eq(members.username, phone)))[0];
const fails = (message: string, status = 400) => ({ status, body: { message } });
const SUCCESS = { status: 200, body: { message: 'SUCCESS' } };

describe('registration with the OTP setting off', () => {
  beforeEach(async () => {
    await t.ctx.settings.set('registerOTP', false);
  });

  it('creates the member: hashed password, upper-cased account name, THB', async () => {
    const body = registration({ name: '  Somchai   Jaidee ', bankAccountName: 'somchai   jaidee', bankCode: 'SCB' });
    expect(await register(t, body)).toEqual(SUCCESS);
    const row = await memberByPhone(body.username);
    expect(row).toMatchObject({
      name: 'Somchai Jaidee',
      bankCode: 'SCB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: body.bankAccountNo,
      currency: 'THB',
      sourceCode: 'FACEBOOK',
      inviterId: null,
      status: 'active',
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row!.passwordHash, body.password)).toBe(true);
  });

  it.each(['LAK', '', 'THB', 'baht'])('accepts and ignores currency %j in the Thai variant', async (currency) => {
    const body = registration({ currency });
    expect(await register(t, body)).toEqual(SUCCESS);
    expect((await memberByPhone(body.username))!.currency).toBe('THB');
  });

  it('keeps Thai account names for banks without the English rule', async () => {
    const body = registration({ bankCode: 'KBANK', bankAccountName: 'สมชาย ใจดี' });
    expect(await register(t, body)).toEqual(SUCCESS);
    expect((await memberByPhone(body.username))!.bankAccountName).toBe('สมชาย ใจดี');
  });

  it('requires the phone format (PHONE_NUMBER_REQUIRE_10_DIGIT)', async () => {
    for (const username of ['081234567', '08123456789', '0212345678', 'abcdefghij']) {
      expect(await register(t, registration({ username }))).toEqual(fails('PHONE_NUMBER_REQUIRE_10_DIGIT'));
      expect(await validate({ name: 'A', username, password: 'secret-pass' })).toEqual(
        fails('PHONE_NUMBER_REQUIRE_10_DIGIT'),
      );
    }
  });

  it('rejects missing or empty required fields', async () => {
    const base: Record<string, unknown> = registration();
    for (const field of ['name', 'username', 'password', 'bankCode', 'bankAccountName', 'bankAccountNo']) {
      const missing = { ...base };
      delete missing[field];
      expect((await register(t, missing)).status).toBe(400);
      expect((await register(t, { ...base, [field]: '' })).status).toBe(400);
      expect((await register(t, { ...base, [field]: '   ' })).status).toBe(400);
    }
    expect(await memberByPhone(base.username as string)).toBeUndefined();
  });

  it('answers INVALID_USER_INFO for a name with markup or control characters', async () => {
    for (const name of ['<script>', 'a\u0007b', '!!!']) {
      expect(await register(t, registration({ name }))).toEqual(fails('INVALID_USER_INFO'));
    }
    // U+0000 is refused for every field before validation (ADR 0016)
    expect(await register(t, registration({ name: 'a\u0000b' }))).toEqual(fails('KEY_INVALID'));
  });

  it('requires 6 to 128 characters of password (INVALID_USER_INFO)', async () => {
    expect(await register(t, registration({ password: '12345' }))).toEqual(fails('INVALID_USER_INFO'));
    expect(await validate({ name: 'A', username: uniquePhone(), password: '12345' })).toEqual(
      fails('INVALID_USER_INFO'),
    );
    expect(await register(t, registration({ password: '123456' }))).toEqual(SUCCESS);
    expect(await register(t, registration({ password: 'x'.repeat(128) }))).toEqual(SUCCESS);
    expect((await register(t, registration({ password: 'x'.repeat(129) }))).status).toBe(400);
  });

  it('answers EXISTING_USER for a registered phone', async () => {
    expect(await register(t, registration({ username: '0812345678' }))).toEqual(fails('EXISTING_USER', 409));
    expect(await validate({ name: 'A', username: '0812345678', password: 'secret-pass' })).toEqual(
      fails('EXISTING_USER', 409),
    );
  });

  it('answers EXISTING_BANK when the bank account belongs to another member', async () => {
    const first = registration();
    expect(await register(t, first)).toEqual(SUCCESS);
    const clash = registration({ bankCode: first.bankCode, bankAccountNo: first.bankAccountNo });
    expect(await register(t, clash)).toEqual(fails('EXISTING_BANK', 409));
    expect(await validate(clash)).toEqual(fails('EXISTING_BANK', 409));
    // the same number at another bank is another account
    expect(await register(t, { ...clash, bankCode: 'SCB' })).toEqual(SUCCESS);
  });

  it('answers INVALID_BANK for an unknown bank', async () => {
    expect(await register(t, registration({ bankCode: 'NOPE' }))).toEqual(fails('INVALID_BANK'));
    expect(await validate({ ...registration({ bankCode: 'NOPE' }) })).toEqual(fails('INVALID_BANK'));
  });

  it('checks account-number digits per bank (INVALID_USER_INFO)', async () => {
    expect(await register(t, registration({ bankCode: 'KBANK', bankAccountNo: '123456789' }))).toEqual(
      fails('INVALID_USER_INFO'),
    );
    expect(await register(t, registration({ bankCode: 'KBANK', bankAccountNo: '12345678901' }))).toEqual(
      fails('INVALID_USER_INFO'),
    );
    expect(await register(t, registration({ bankCode: 'KBANK', bankAccountNo: '12345abcde' }))).toEqual(
      fails('INVALID_USER_INFO'),
    );
    // GSB accounts have 12 digits
    expect(await register(t, registration({ bankCode: 'GSB', bankAccountNo: uniqueAccountNo() }))).toEqual(
      fails('INVALID_USER_INFO'),
    );
    expect(await register(t, registration({ bankCode: 'GSB', bankAccountNo: `${uniqueAccountNo()}00` }))).toEqual(
      SUCCESS,
    );
    // spaces and dashes are dropped
    const dashed = registration({ bankAccountNo: '' });
    const digits = uniqueAccountNo();
    dashed.bankAccountNo = `${digits.slice(0, 3)}-${digits.slice(3, 4)}-${digits.slice(4)}`;
    expect(await register(t, dashed)).toEqual(SUCCESS);
    expect((await memberByPhone(dashed.username))!.bankAccountNo).toBe(digits);
  });

  it.each(['KTB', 'TMB', 'BBL'])('requires an English account name at %s (BANK_ACCOUNT_NAME_ENG)', async (bankCode) => {
    expect(await register(t, registration({ bankCode, bankAccountName: 'สมชาย ใจดี' }))).toEqual(
      fails('BANK_ACCOUNT_NAME_ENG'),
    );
    expect(await validate(registration({ bankCode, bankAccountName: 'JOHN D0E' }))).toEqual(
      fails('BANK_ACCOUNT_NAME_ENG'),
    );
    const ok = registration({ bankCode, bankAccountName: 'john doe' });
    expect(await register(t, ok)).toEqual(SUCCESS);
    expect((await memberByPhone(ok.username))!.bankAccountName).toBe('JOHN DOE');
  });

  it('resolves the inviter code PR{member id}', async () => {
    const inviter = registration();
    await register(t, inviter);
    const inviterId = (await memberByPhone(inviter.username))!.id;
    const invitee = registration({ inviteCode: `pr${inviterId}` });
    expect(await register(t, invitee)).toEqual(SUCCESS);
    expect((await memberByPhone(invitee.username))!.inviterId).toBe(inviterId);
  });

  it('answers INVALID_USER_INFO for an unknown or malformed inviter code', async () => {
    for (const inviteCode of ['PR999999999', 'PR', 'XX100001', 'PR12a', 'PR-1']) {
      expect(await register(t, registration({ inviteCode }))).toEqual(fails('INVALID_USER_INFO'));
      expect(await validate({ name: 'A', username: uniquePhone(), password: 'secret-pass', inviteCode })).toEqual(
        fails('INVALID_USER_INFO'),
      );
    }
  });

  it('answers INVALID_USER_INFO for an unknown source, accepts none', async () => {
    expect(await register(t, registration({ sourceCode: 'MYSPACE' }))).toEqual(fails('INVALID_USER_INFO'));
    const none = registration({ sourceCode: '' });
    expect(await register(t, none)).toEqual(SUCCESS);
    expect((await memberByPhone(none.username))!.sourceCode).toBeNull();
    const { sourceCode: _s, inviteCode: _i, ...bare } = registration();
    expect(await register(t, bare)).toEqual(SUCCESS);
  });

  it('validate checks the step-3 body without bank fields and creates nothing', async () => {
    const phone = uniquePhone();
    expect(
      await validate({ name: 'Somchai', username: phone, password: 'secret-pass', sourceCode: 'LINE', inviteCode: '' }),
    ).toEqual(SUCCESS);
    expect(await memberByPhone(phone)).toBeUndefined();
  });

  it('validate checks whichever bank fields are present', async () => {
    const step3 = { name: 'Somchai', username: uniquePhone(), password: 'secret-pass' };
    expect(await validate({ ...step3, bankCode: 'BBL' })).toEqual(SUCCESS);
    expect(await validate({ ...step3, bankCode: 'BBL', bankAccountName: 'ภาษาไทย' })).toEqual(
      fails('BANK_ACCOUNT_NAME_ENG'),
    );
    expect(await validate({ ...step3, bankCode: 'KBANK', bankAccountNo: '12' })).toEqual(fails('INVALID_USER_INFO'));
    expect(
      await validate({ ...step3, bankCode: 'KBANK', bankAccountName: 'A B', bankAccountNo: uniqueAccountNo() }),
    ).toEqual(SUCCESS);
  });

  it('lets exactly one of parallel registrations of the same phone through', async () => {
    const phone = uniquePhone();
    const replies = await Promise.all(Array.from({ length: 8 }, () => register(t, registration({ username: phone }))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200)).toEqual(Array(7).fill(fails('EXISTING_USER', 409)));
  });

  it('lets exactly one of parallel registrations of the same bank account through', async () => {
    const bankAccountNo = uniqueAccountNo();
    const replies = await Promise.all(Array.from({ length: 8 }, () => register(t, registration({ bankAccountNo }))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200)).toEqual(Array(7).fill(fails('EXISTING_BANK', 409)));
  });
});

describe('registration with the OTP setting on', () => {
  beforeEach(async () => {
    await t.ctx.settings.set('registerOTP', true);
  });

  it('answers UNVERIFIED_OTP without a verified OTP', async () => {
    const body = registration();
    expect(await register(t, body)).toEqual(fails('UNVERIFIED_OTP'));
    expect(await validate({ name: body.name, username: body.username, password: body.password })).toEqual(
      fails('UNVERIFIED_OTP'),
    );
    expect(await memberByPhone(body.username)).toBeUndefined();
  });

  it('answers UNVERIFIED_OTP when a code was sent but not verified', async () => {
    const body = registration();
    expect((await post(t, '/api/otp/send', { phoneNumber: body.username })).status).toBe(200);
    expect(await register(t, body)).toEqual(fails('UNVERIFIED_OTP'));
  });

  it('registers within 30 minutes with the ticket the verify call handed out, once', async () => {
    const body = registration();
    const otpTicket = await verifyPhone(t, body.username);
    t.clock.advance(29 * 60_000);
    const step3 = { name: body.name, username: body.username, password: body.password };
    expect(await validate({ ...step3, otpTicket })).toEqual(SUCCESS);
    expect(await validate({ ...step3, otpTicket })).toEqual(SUCCESS);
    expect(await register(t, { ...body, otpTicket })).toEqual(SUCCESS);
    expect(await memberByPhone(body.username)).toMatchObject({ bankAccountNo: body.bankAccountNo });
  });

  it('binds the verification to the client that verified it (ASVS 6.6.2)', async () => {
    const body = registration();
    const otpTicket = await verifyPhone(t, body.username);
    // another client knows only the phone: no OTP_VERIFIED, no registration
    t.clock.advance(60_000);
    expect((await sendOtp(t, body.username)).body.code).toBe('OTP_SENT');
    expect(await validate({ name: 'Attacker', username: body.username, password: 'other-pass' })).toEqual(
      fails('UNVERIFIED_OTP'),
    );
    expect(await register(t, { ...body, bankAccountNo: uniqueAccountNo() })).toEqual(fails('UNVERIFIED_OTP'));
    expect(await register(t, { ...body, otpTicket: 'A'.repeat(43) })).toEqual(fails('UNVERIFIED_OTP'));
    expect(await memberByPhone(body.username)).toBeUndefined();
    // the holder still can (a later send did not spoil its ticket)
    expect(await register(t, { ...body, otpTicket })).toEqual(SUCCESS);
  });

  it('does not accept a ticket for another phone, nor a spent one', async () => {
    const first = registration();
    const ticket = await verifyPhone(t, first.username);
    expect(await register(t, { ...registration(), otpTicket: ticket })).toEqual(fails('UNVERIFIED_OTP'));
    expect(await register(t, { ...first, otpTicket: ticket })).toEqual(SUCCESS);
    expect(await validate({ name: 'x', username: first.username, password: 'secret-pass', otpTicket: ticket })).toEqual(
      fails('UNVERIFIED_OTP'),
    );
  });

  it('answers UNVERIFIED_OTP once the ticket is older than 30 minutes', async () => {
    const body = registration();
    const otpTicket = await verifyPhone(t, body.username);
    t.clock.advance(31 * 60_000);
    expect(await register(t, { ...body, otpTicket })).toEqual(fails('UNVERIFIED_OTP'));
  });

  it("does not accept another phone's verification", async () => {
    const verified = uniquePhone();
    await verifyPhone(t, verified);
    expect(await register(t, registration())).toEqual(fails('UNVERIFIED_OTP'));
  });
});
