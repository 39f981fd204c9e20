import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../../src/db/schema/otp.ts';
import { bangkokDayStart } from '../../src/lib/bangkok-time.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { lastCode, outbox, post, sendOtp, uniqueIp, uniquePhone, verifyPhone } from './account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verify = (otpToken: string, otpCode: string) => post(t, '/api/otp/verify', { otpToken, otpCode });

describe('POST /api/otp/send', () => {
  it('sends a 6-digit code by SMS with a 4-letter reference and a 128-bit+ token', async () => {
    const phone = uniquePhone();
    const res = await sendOtp(t, phone);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'OTP_SENT', otpRef: expect.stringMatching(/^[A-Z]{4}$/) });
    expect((res.body.otpToken as string).length).toBeGreaterThanOrEqual(22);
    const texts = await outbox(t, phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      new RegExp(`^รหัส OTP ของคุณคือ \\d{6} \\(Ref: ${res.body.otpRef as string}\\) หมดอายุใน 5 นาที$`),
    );
  });

  it('stores neither the code nor the token in clear', async () => {
    const phone = uniquePhone();
    const res = await sendOtp(t, phone);
    const code = await lastCode(t, phone);
    const rows = await t.ctx.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(res.body.otpToken as string);
  });

  it('checks the Thai phone format: exactly 10 digits 06/08/09', async () => {
    for (const phoneNumber of ['081234567', '08123456789', '0212345678', '+66812345678', 'abcdefghij', '08-1234-567']) {
      expect(await post(t, '/api/otp/send', { phoneNumber }, { ip: uniqueIp() })).toEqual({
        status: 400,
        body: { message: 'PHONE_NUMBER_REQUIRE_10_DIGIT' },
      });
    }
  });

  it('answers EXISTING_USER for a registered phone and sends nothing', async () => {
    expect(await sendOtp(t, '0812345678')).toEqual({ status: 409, body: { message: 'EXISTING_USER' } });
    expect(await outbox(t, '0812345678')).toEqual([]);
  });

  it('allows one send per phone per 60 seconds (REQUEST_LIMIT_1MIN)', async () => {
    const phone = uniquePhone();
    expect((await sendOtp(t, phone)).status).toBe(200);
    t.clock.advance(59_000);
    expect(await sendOtp(t, phone)).toEqual({ status: 429, body: { message: 'REQUEST_LIMIT_1MIN' } });
    t.clock.advance(1_000);
    expect((await sendOtp(t, phone)).status).toBe(200);
    expect(await outbox(t, phone)).toHaveLength(2);
  });

  it('allows 5 sends per phone per Bangkok day, then OTP_BLOCK until midnight Bangkok', async () => {
    // start at 20:00 Bangkok so the day ends within the test
    const dayStart = bangkokDayStart(t.clock.now());
    t.clock.set(new Date(dayStart.getTime() + 2 * 86_400_000 + 20 * 3600_000));
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++) {
      expect((await sendOtp(t, phone)).status).toBe(200);
      t.clock.advance(61_000);
    }
    expect(await sendOtp(t, phone)).toEqual({ status: 429, body: { message: 'OTP_BLOCK' } });
    t.clock.set(new Date(dayStart.getTime() + 3 * 86_400_000 - 1000)); // 23:59:59 Bangkok
    expect((await sendOtp(t, phone)).body).toEqual({ message: 'OTP_BLOCK' });
    t.clock.advance(1000); // 00:00:00 Bangkok
    expect((await sendOtp(t, phone)).status).toBe(200);
  });

  it('caps sends per client IP across phones (SMS pumping) with OTP_BLOCK', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) expect((await sendOtp(t, uniquePhone(), ip)).status).toBe(200);
    const phone = uniquePhone();
    expect(await sendOtp(t, phone, ip)).toEqual({ status: 429, body: { message: 'OTP_BLOCK' } });
    expect(await outbox(t, phone)).toEqual([]);
    // another client is not affected
    expect((await sendOtp(t, phone, uniqueIp())).status).toBe(200);
  });

  it('answers OTP_VERIFIED without an SMS to the ticket holder for 30 minutes', async () => {
    const phone = uniquePhone();
    const ticket = await verifyPhone(t, phone);
    t.clock.advance(29 * 60_000);
    const again = await sendOtp(t, phone, uniqueIp(), ticket);
    expect(again).toMatchObject({
      status: 200,
      body: { code: 'OTP_VERIFIED', otpRef: expect.stringMatching(/^[A-Z]{4}$/) },
    });
    expect(await outbox(t, phone)).toHaveLength(1);
    t.clock.advance(2 * 60_000);
    expect((await sendOtp(t, phone, uniqueIp(), ticket)).body.code).toBe('OTP_SENT');
  });

  it('tells OTP_VERIFIED only to the ticket holder (ASVS 6.6.2)', async () => {
    const phone = uniquePhone();
    const ticket = await verifyPhone(t, phone);
    t.clock.advance(60_000);
    // a client that knows only the phone gets a fresh code sent to the phone's owner
    expect((await sendOtp(t, phone)).body.code).toBe('OTP_SENT');
    t.clock.advance(60_000);
    expect((await sendOtp(t, phone, uniqueIp(), 'B'.repeat(43))).body.code).toBe('OTP_SENT');
    // another phone's ticket says nothing either
    const other = uniquePhone();
    expect((await sendOtp(t, other, uniqueIp(), ticket)).body.code).toBe('OTP_SENT');
    expect((await sendOtp(t, phone, uniqueIp(), ticket)).body.code).toBe('OTP_VERIFIED');
  });
});

describe('POST /api/otp/verify', () => {
  it('accepts the right code once (single use)', async () => {
    const phone = uniquePhone();
    const { body } = await sendOtp(t, phone);
    const code = await lastCode(t, phone);
    expect(await verify(body.otpToken as string, code)).toEqual({
      status: 200,
      body: { code: 'OTP_CODE_VALID', message: 'OK', otpTicket: expect.any(String) },
    });
    expect(await verify(body.otpToken as string, code)).toEqual({
      status: 400,
      body: { message: 'OTP_TOKEN_INVALID' },
    });
  });

  it('rejects a wrong code with OTP_CODE_INVALID', async () => {
    const phone = uniquePhone();
    const { body } = await sendOtp(t, phone);
    const code = await lastCode(t, phone);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await verify(body.otpToken as string, wrong)).toEqual({
      status: 400,
      body: { message: 'OTP_CODE_INVALID' },
    });
    expect((await verify(body.otpToken as string, code)).status).toBe(200);
  });

  it('allows 5 attempts per token, then OTP_BLOCK even for the right code', async () => {
    const phone = uniquePhone();
    const { body } = await sendOtp(t, phone);
    const code = await lastCode(t, phone);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++)
      expect((await verify(body.otpToken as string, wrong)).body.message).toBe('OTP_CODE_INVALID');
    expect(await verify(body.otpToken as string, code)).toEqual({ status: 429, body: { message: 'OTP_BLOCK' } });
  });

  it('spends exactly 5 attempts under concurrent guessing', async () => {
    const phone = uniquePhone();
    const { body } = await sendOtp(t, phone);
    const code = await lastCode(t, phone);
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '0')).filter((g) => g !== code);
    const replies = await Promise.all(guesses.map((g) => verify(body.otpToken as string, g)));
    expect(replies.filter((r) => r.body.message === 'OTP_CODE_INVALID')).toHaveLength(5);
    expect(replies.filter((r) => r.body.message === 'OTP_BLOCK')).toHaveLength(guesses.length - 5);
  });

  it('expires after 5 minutes (OTP_EXPIRED)', async () => {
    const phone = uniquePhone();
    const { body } = await sendOtp(t, phone);
    const code = await lastCode(t, phone);
    t.clock.advance(5 * 60_000);
    expect(await verify(body.otpToken as string, code)).toEqual({ status: 400, body: { message: 'OTP_EXPIRED' } });
  });

  it('is still valid just before 5 minutes', async () => {
    const phone = uniquePhone();
    const { body } = await sendOtp(t, phone);
    const code = await lastCode(t, phone);
    t.clock.advance(5 * 60_000 - 1000);
    expect((await verify(body.otpToken as string, code)).status).toBe(200);
  });

  it('answers OTP_TOKEN_INVALID for unknown or malformed tokens', async () => {
    for (const otpToken of ['x', 'A'.repeat(32), 'not a token!!!!!!!!!!!!!!!!!!!']) {
      expect(await verify(otpToken, '123456')).toEqual({ status: 400, body: { message: 'OTP_TOKEN_INVALID' } });
    }
  });

  it('binds a code to its token and phone', async () => {
    const a = uniquePhone();
    const b = uniquePhone();
    const sentA = await sendOtp(t, a);
    const sentB = await sendOtp(t, b);
    const codeA = await lastCode(t, a);
    const codeB = await lastCode(t, b);
    if (codeA !== codeB) {
      expect((await verify(sentB.body.otpToken as string, codeA)).body.message).toBe('OTP_CODE_INVALID');
    }
    const verifiedA = await verify(sentA.body.otpToken as string, codeA);
    expect(verifiedA.status).toBe(200);
    // verifying A's token verified A only
    const ticketA = verifiedA.body.otpTicket as string;
    expect((await sendOtp(t, a, uniqueIp(), ticketA)).body.code).toBe('OTP_VERIFIED');
    t.clock.advance(60_000);
    expect((await sendOtp(t, b, uniqueIp(), ticketA)).body.code).toBe('OTP_SENT');
  });

  it('invalidates the previous code when a new one is sent', async () => {
    const phone = uniquePhone();
    const first = await sendOtp(t, phone);
    const firstCode = await lastCode(t, phone);
    t.clock.advance(60_000);
    const second = await sendOtp(t, phone);
    expect(await verify(first.body.otpToken as string, firstCode)).toEqual({
      status: 400,
      body: { message: 'OTP_TOKEN_INVALID' },
    });
    expect((await verify(second.body.otpToken as string, await lastCode(t, phone))).status).toBe(200);
  });
});

describe('OTP housekeeping', () => {
  it('deletes codes older than two days', async () => {
    const phone = uniquePhone();
    await sendOtp(t, phone);
    t.clock.advance(2 * 86_400_000 + 1000);
    const job = t.modules.flatMap((m) => m.jobs ?? []).find((j) => j.name === 'otp-cleanup');
    const result = await job!.handler({ data: undefined as never, attempt: 1, slot: null, runId: 0 });
    expect(result).toEqual({ deleted: expect.any(Number) as number });
    expect(await t.ctx.db.select().from(otpCodes).where(eq(otpCodes.phone, phone))).toEqual([]);
  });
});

describe('OTP SMS language', () => {
  it.each([
    ['en', /^Your OTP is \d{6} \(Ref: [A-Z]{4}\), valid for 5 minutes\.$/],
    ['la', /^ລະຫັດ OTP ຂອງທ່ານແມ່ນ \d{6} \(Ref: [A-Z]{4}\) ໝົດອາຍຸໃນ 5 ນາທີ$/],
    ['th', /^รหัส OTP ของคุณคือ \d{6} \(Ref: [A-Z]{4}\) หมดอายุใน 5 นาที$/],
  ])('a registration code is sent in the language the request carries (%s) on the Thai build', async (lang, text) => {
    const phone = uniquePhone();
    const res = await post(
      t,
      '/api/otp/send',
      { phoneNumber: phone },
      { ip: uniqueIp(), headers: { 'accept-language': lang } },
    );
    expect(res.status).toBe(200);
    expect(await outbox(t, phone)).toEqual([expect.stringMatching(text)]);
  });

  it('a password-reset code for an English-speaking member is in English', async () => {
    const res = await post(
      t,
      '/api/password/forgot',
      { phoneNumber: '0812345678' },
      { ip: uniqueIp(), headers: { 'accept-language': 'en-GB,en;q=0.9' } },
    );
    expect(res.status).toBe(200);
    expect((await outbox(t, '0812345678')).at(-1)).toMatch(/^Your password reset OTP: \d{6} /);
  });
});
