import { ProfileSchema } from '@wallet/contract/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { bankChangeOtp, get, login, put, renewToken, signUp, uniqueAccountNo, uniqueIp } from './account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
});
afterAll(() => t.close());

const fails = (message: string, status = 400) => ({ status, body: { message } });
const SUCCESS = { status: 200, body: { message: 'SUCCESS' } };
const INVALID_TOKEN = { status: 401, body: { message: 'invalid-token' } };
const profileOf = async (token: string) => (await get(t, '/api/account/profile', { token })).body;

describe('GET /api/account/profile', () => {
  it('answers the member profile with the bank name', async () => {
    const member = await signUp(t, { name: 'Somchai', bankCode: 'SCB', bankAccountName: 'somchai jaidee' });
    const res = await get(t, '/api/account/profile', { token: member.token });
    expect(res.status).toBe(200);
    expect(ProfileSchema.parse(res.body)).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      name: 'Somchai',
      username: member.username,
      createdAt: t.clock.now().toISOString(),
      coin: 0,
      currency: 'THB',
      bankCode: 'SCB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: member.bankAccountNo,
      bank: { nameTH: 'ธนาคารไทยพาณิชย์' },
      payoutCoolingUntil: null,
    });
    const [row] = await t.ctx.db.select({ id: members.id }).from(members).where(eq(members.username, member.username));
    expect(res.body._id).toBe(String(row!.id));
  });

  it('needs a token', async () => {
    expect(await get(t, '/api/account/profile')).toEqual(INVALID_TOKEN);
  });
});

describe('PUT /api/account/profile', () => {
  it('changes name and bank fields with the registration rules', async () => {
    const member = await signUp(t);
    const bankAccountNo = uniqueAccountNo();
    const res = await put(
      t,
      '/api/account/profile',
      {
        name: 'New Name',
        bankCode: 'KTB',
        bankAccountName: 'new name',
        bankAccountNo,
        ...(await bankChangeOtp(t, member)),
      },
      { token: member.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'New Name',
      bankCode: 'KTB',
      bankAccountName: 'NEW NAME',
      bankAccountNo,
      bank: { nameTH: 'ธนาคารกรุงไทย' },
    });
  });

  it('ignores fields outside the allowlist (coin, username, _id, currency...)', async () => {
    const member = await signUp(t);
    const before = await profileOf(member.token);
    const res = await put(
      t,
      '/api/account/profile',
      {
        coin: 1_000_000,
        username: '0899999999',
        _id: '1',
        currency: 'LAK',
        createdAt: '2000-01-01',
        status: 'inactive',
        passwordHash: 'x',
        name: 'Only Name',
      },
      { token: member.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, name: 'Only Name' });
    const [row] = await t.ctx.db.select().from(members).where(eq(members.username, member.username));
    expect(row).toMatchObject({ status: 'active', currency: 'THB' });
  });

  it('answers the unchanged profile for an empty body', async () => {
    const member = await signUp(t);
    expect(await put(t, '/api/account/profile', {}, { token: member.token })).toEqual({
      status: 200,
      body: await profileOf(member.token),
    });
  });

  it('applies the bank rules to the account as it will be', async () => {
    const member = await signUp(t, { bankCode: 'KBANK', bankAccountName: 'สมชาย ใจดี' });
    // moving to KTB keeps the Thai name: not allowed
    expect(await put(t, '/api/account/profile', { bankCode: 'KTB' }, { token: member.token })).toEqual(
      fails('BANK_ACCOUNT_NAME_ENG'),
    );
    expect(await put(t, '/api/account/profile', { bankCode: 'NOPE' }, { token: member.token })).toEqual(
      fails('INVALID_BANK'),
    );
    // GSB needs 12 digits
    expect(await put(t, '/api/account/profile', { bankCode: 'GSB' }, { token: member.token })).toEqual(
      fails('INVALID_USER_INFO'),
    );
    expect(await put(t, '/api/account/profile', { name: '<b>' }, { token: member.token })).toEqual(
      fails('INVALID_USER_INFO'),
    );
    expect((await profileOf(member.token)).bankCode).toBe('KBANK');
  });

  it("answers EXISTING_BANK for another member's account, not for its own", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(
      await put(
        t,
        '/api/account/profile',
        { bankCode: a.bankCode, bankAccountNo: a.bankAccountNo },
        { token: b.token },
      ),
    ).toEqual(fails('EXISTING_BANK', 409));
    expect((await put(t, '/api/account/profile', { bankAccountNo: a.bankAccountNo }, { token: a.token })).status).toBe(
      200,
    );
  });

  it('answers EXISTING_BANK, never 500, when two members race for one account', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const bankAccountNo = uniqueAccountNo();
    const steps = [await bankChangeOtp(t, a), await bankChangeOtp(t, b)];
    const replies = await Promise.all(
      [a, b].map((m, i) =>
        put(t, '/api/account/profile', { bankCode: 'SCB', bankAccountNo, ...steps[i] }, { token: m.token }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body).toEqual({ message: 'EXISTING_BANK' });
  });
});

describe('PUT /api/account/bankAccountName', () => {
  it('sets an English name (upper-cased) on the member bank', async () => {
    const member = await signUp(t, { bankCode: 'KBANK', bankAccountName: 'สมชาย ใจดี' });
    expect(
      await put(
        t,
        '/api/account/bankAccountName',
        { bankCode: 'KBANK', bankAccountName: ' somchai  jaidee ' },
        { token: member.token },
      ),
    ).toEqual(SUCCESS);
    expect((await profileOf(member.token)).bankAccountName).toBe('SOMCHAI JAIDEE');
  });

  it('accepts A-Z and spaces only (BANK_ACCOUNT_NAME_ENG)', async () => {
    const member = await signUp(t);
    for (const bankAccountName of ['สมชาย', 'JOHN D0E', 'JOHN-DOE', 'JOHN.DOE', 'ÉMILE']) {
      expect(
        await put(
          t,
          '/api/account/bankAccountName',
          { bankCode: member.bankCode, bankAccountName },
          { token: member.token },
        ),
      ).toEqual(fails('BANK_ACCOUNT_NAME_ENG'));
    }
  });

  it("refuses a bank that is not the member's (INVALID_BANK)", async () => {
    const member = await signUp(t, { bankCode: 'KBANK' });
    expect(
      await put(
        t,
        '/api/account/bankAccountName',
        { bankCode: 'KTB', bankAccountName: 'JOHN DOE' },
        { token: member.token },
      ),
    ).toEqual(fails('INVALID_BANK'));
  });
});

describe('PUT /api/account/changepwd', () => {
  it('changes the password and ends the other sessions, keeping this one', async () => {
    const member = await signUp(t);
    const other = (await login(t, member.username, member.password, uniqueIp())).body.token as string;
    expect(
      await put(
        t,
        '/api/account/changepwd',
        { oldPassword: member.password, newPassword: 'brand-new-pass' },
        { token: member.token },
      ),
    ).toEqual(SUCCESS);
    expect(await get(t, '/api/account/profile', { token: other })).toEqual(INVALID_TOKEN);
    expect((await get(t, '/api/account/profile', { token: member.token })).status).toBe(200);
    expect(await login(t, member.username, member.password, uniqueIp())).toEqual(fails('WRONG_CREDENTIAL', 401));
    expect((await login(t, member.username, 'brand-new-pass', uniqueIp())).status).toBe(200);
  });

  it('answers WRONG_PASSWORD for a wrong current password and changes nothing', async () => {
    const member = await signUp(t);
    expect(
      await put(
        t,
        '/api/account/changepwd',
        { oldPassword: 'nope-nope', newPassword: 'brand-new-pass' },
        { token: member.token },
      ),
    ).toEqual(fails('WRONG_PASSWORD'));
    expect((await login(t, member.username, member.password, uniqueIp())).status).toBe(200);
  });

  it('applies the password length rule to the new password', async () => {
    const member = await signUp(t);
    expect(
      await put(
        t,
        '/api/account/changepwd',
        { oldPassword: member.password, newPassword: '12345' },
        { token: member.token },
      ),
    ).toEqual(fails('PASSWORD_LENGTH'));
  });

  it('limits wrong current passwords to 5 per 15 minutes', async () => {
    const member = await signUp(t);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await put(
            t,
            '/api/account/changepwd',
            { oldPassword: `guess-${i}`, newPassword: 'brand-new-pass' },
            { token: member.token },
          )
        ).body.message,
      ).toBe('WRONG_PASSWORD');
    }
    expect(
      await put(
        t,
        '/api/account/changepwd',
        { oldPassword: member.password, newPassword: 'brand-new-pass' },
        { token: member.token },
      ),
    ).toEqual(fails('REQUEST_LIMIT', 429));
    t.clock.advance(30 * 60_000);
    expect(
      await put(
        t,
        '/api/account/changepwd',
        { oldPassword: member.password, newPassword: 'brand-new-pass' },
        { token: await renewToken(t, member) },
      ),
    ).toEqual(SUCCESS);
  });

  it('needs a token', async () => {
    expect(await put(t, '/api/account/changepwd', { oldPassword: 'a', newPassword: 'b' })).toEqual(INVALID_TOKEN);
  });
});
