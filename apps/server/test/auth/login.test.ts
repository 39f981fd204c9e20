import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { sessions } from '../../src/db/schema/auth.ts';
import { DEMO_MEMBER } from '../../src/bootstrap/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { get, login, post, signUp, uniqueIp, uniquePhone } from '../account/account-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
});
afterAll(() => t.close());

const WRONG = { status: 401, body: { message: 'WRONG_CREDENTIAL' } };
const LIMITED = { status: 429, body: { message: 'REQUEST_LIMIT' } };
const INVALID_TOKEN = { status: 401, body: { message: 'invalid-token' } };

describe('POST /api/login', () => {
  it('logs the demo member in and the token opens member endpoints', async () => {
    const res = await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password, uniqueIp());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });
    const profile = await get(t, '/api/account/profile', { token: res.body.token as string });
    expect(profile.status).toBe(200);
    expect(profile.body.username).toBe(DEMO_MEMBER.username);
  });

  it('records the session with IP and user agent', async () => {
    const member = await signUp(t);
    const [row] = await t.ctx.db
      .select()
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(eq(members.username, member.username));
    expect(row!.sessions.ip).toBe(member.ip);
    expect(row!.sessions.userAgent).toBe('lightMyRequest');
  });

  it('answers WRONG_CREDENTIAL alike for a wrong password and an unknown phone', async () => {
    expect(await login(t, DEMO_MEMBER.username, 'not-the-password', uniqueIp())).toEqual(WRONG);
    expect(await login(t, uniquePhone(), DEMO_MEMBER.password, uniqueIp())).toEqual(WRONG);
    expect(await login(t, 'not-a-phone', 'whatever', uniqueIp())).toEqual(WRONG);
  });

  it('answers INACTIVE_USER for a deactivated member, only after the right password', async () => {
    const member = await signUp(t);
    await t.ctx.db.update(members).set({ status: 'inactive' }).where(eq(members.username, member.username));
    expect(await login(t, member.username, 'wrong-password', uniqueIp())).toEqual(WRONG);
    expect(await login(t, member.username, member.password, uniqueIp())).toEqual({
      status: 403,
      body: { message: 'INACTIVE_USER' },
    });
    // and the session it had no longer works
    expect(await get(t, '/api/account/profile', { token: member.token })).toEqual(INVALID_TOKEN);
  });

  it('rejects empty or missing credentials without a 500', async () => {
    for (const body of [{}, { username: '' }, { username: '0812345678', password: '' }, { username: 1, password: 2 }]) {
      expect((await post(t, '/api/login', body)).status).toBe(400);
    }
  });
});

describe('login rate limits', () => {
  it('blocks a (phone, IP) pair after 10 failures in 15 minutes; the window then slides open', async () => {
    const member = await signUp(t);
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect(await login(t, member.username, 'wrong-password', ip)).toEqual(WRONG);
    expect(await login(t, member.username, 'wrong-password', ip)).toEqual(LIMITED);
    // even the right password from that IP waits
    expect(await login(t, member.username, member.password, ip)).toEqual(LIMITED);
    t.clock.advance(30 * 60_000);
    expect((await login(t, member.username, member.password, ip)).status).toBe(200);
  });

  it("does not lock the owner out: others' failures leave the owner's known IP working", async () => {
    const member = await signUp(t); // signUp logged in once from member.ip: a known IP
    // 60 attackers x 2 failures = 120 failures on one phone in under an hour
    for (let i = 0; i < 60; i++) {
      const ip = uniqueIp();
      await Promise.all([login(t, member.username, 'guess-1', ip), login(t, member.username, 'guess-2', ip)]);
    }
    // the per-phone cap holds the distributed attack at 100 failures an hour
    expect(await login(t, member.username, 'guess-3', uniqueIp())).toEqual(LIMITED);
    expect(await login(t, member.username, member.password, uniqueIp())).toEqual(LIMITED);
    // the owner, from the IP they signed in from, is unaffected
    expect((await login(t, member.username, member.password, member.ip)).status).toBe(200);
  });

  it('a success from the owner IP resets its pair counter', async () => {
    const member = await signUp(t);
    const ip = uniqueIp();
    for (let i = 0; i < 9; i++) expect(await login(t, member.username, 'typo', ip)).toEqual(WRONG);
    expect((await login(t, member.username, member.password, ip)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect(await login(t, member.username, 'typo', ip)).toEqual(WRONG);
    expect(await login(t, member.username, 'typo', ip)).toEqual(LIMITED);
  });

  it('blocks one IP after 50 failures across phones', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      await Promise.all(Array.from({ length: 10 }, () => login(t, uniquePhone(), 'guess', ip)));
    }
    expect(await login(t, uniquePhone(), 'guess', ip)).toEqual(LIMITED);
    expect(await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password, ip)).toEqual(LIMITED);
    expect((await login(t, DEMO_MEMBER.username, DEMO_MEMBER.password, uniqueIp())).status).toBe(200);
  });

  it('counts parallel guesses exactly: at most 10 of 30 reach the password check', async () => {
    const member = await signUp(t);
    const ip = uniqueIp();
    const replies = await Promise.all(Array.from({ length: 30 }, () => login(t, member.username, 'guess', ip)));
    expect(replies.filter((r) => r.body.message === 'WRONG_CREDENTIAL')).toHaveLength(10);
    expect(replies.filter((r) => r.body.message === 'REQUEST_LIMIT')).toHaveLength(20);
  });
});

describe('POST /api/logout', () => {
  it('revokes the current session only', async () => {
    const member = await signUp(t);
    const other = await login(t, member.username, member.password, uniqueIp());
    expect(await post(t, '/api/logout', undefined, { token: member.token })).toEqual({
      status: 200,
      body: { message: 'SUCCESS' },
    });
    expect(await get(t, '/api/account/profile', { token: member.token })).toEqual(INVALID_TOKEN);
    expect(await post(t, '/api/logout', undefined, { token: member.token })).toEqual(INVALID_TOKEN);
    expect((await get(t, '/api/account/profile', { token: other.body.token as string })).status).toBe(200);
  });

  it('answers invalid-token without a token or with a forged one', async () => {
    expect(await post(t, '/api/logout')).toEqual(INVALID_TOKEN);
    expect(await post(t, '/api/logout', undefined, { token: 'eyJhbGciOiJub25lIn0.e30.' })).toEqual(INVALID_TOKEN);
  });
});
