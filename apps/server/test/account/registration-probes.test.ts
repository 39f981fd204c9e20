import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_PROBE_IP_RULE } from '../../src/modules/account/registration-probes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { post, registration, sendOtp, signUp, uniqueIp, uniquePhone } from './account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
});
afterAll(() => t.close());

const LIMIT = REGISTRATION_PROBE_IP_RULE.limit;

describe('enumeration through registration checks (ADR 0017)', () => {
  it('counts EXISTING_USER answers of /api/account/validate per IP, then refuses every check from that IP', async () => {
    const member = await signUp(t);
    const ip = uniqueIp();
    const probe = (username: string) =>
      post(t, '/api/account/validate', { name: 'x', username, password: 'secret-pass' }, { ip });
    const replies = [];
    for (let i = 0; i < 60; i++) replies.push((await probe(member.username)).body.message);
    expect(replies.filter((m) => m === 'EXISTING_USER')).toHaveLength(LIMIT);
    expect(replies.filter((m) => m === 'REQUEST_LIMIT')).toHaveLength(60 - LIMIT);
    // a free phone is refused the same way, so the refusal reveals nothing
    expect(await probe(uniquePhone())).toEqual({ status: 429, body: { message: 'REQUEST_LIMIT' } });
    // other clients are not affected, and the window moves on
    expect(
      (await post(t, '/api/account/validate', { name: 'x', username: member.username, password: 'p' })).body,
    ).toEqual({ message: 'EXISTING_USER' });
    t.clock.advance(2 * REGISTRATION_PROBE_IP_RULE.windowMs);
    expect((await probe(member.username)).body).toEqual({ message: 'EXISTING_USER' });
  });

  it('counts EXISTING_BANK answers of /api/account the same way', async () => {
    const member = await signUp(t);
    const ip = uniqueIp();
    const replies = [];
    for (let i = 0; i < LIMIT + 5; i++) {
      const body = registration({ bankCode: member.bankCode, bankAccountNo: member.bankAccountNo });
      replies.push((await post(t, '/api/account', body, { ip })).body.message);
    }
    expect(replies.filter((m) => m === 'EXISTING_BANK')).toHaveLength(LIMIT);
    expect(replies.slice(LIMIT)).toEqual(Array(5).fill('REQUEST_LIMIT'));
  });

  it('counts EXISTING_USER answers of /api/otp/send per IP', async () => {
    const member = await signUp(t);
    const ip = uniqueIp();
    const replies = [];
    for (let i = 0; i < 30; i++) replies.push((await sendOtp(t, member.username, ip)).body.message);
    expect(replies.filter((m) => m === 'EXISTING_USER')).toHaveLength(LIMIT);
    expect(replies.filter((m) => m === 'REQUEST_LIMIT')).toHaveLength(30 - LIMIT);
    expect((await sendOtp(t, uniquePhone(), ip)).body).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('does not count answers that reveal nothing', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 2 * LIMIT; i++) {
      const reply = await post(
        t,
        '/api/account/validate',
        { name: 'x', username: uniquePhone(), password: 'secret-pass' },
        { ip },
      );
      expect(reply.body).toEqual({ message: 'SUCCESS' });
    }
  });
});
