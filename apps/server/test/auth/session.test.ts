import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS, SESSION_ABSOLUTE_MS, SESSION_SHORT_MS } from '../../src/modules/auth/session.service.ts';
import { DEMO_MEMBER } from '../../src/bootstrap/demo.ts';
import { members } from '../../src/db/schema/account.ts';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.ctx.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, DEMO_MEMBER.username));
  memberId = demo!.id;
});
afterAll(() => t.close());

describe('sessions (signature checks are cached per token)', () => {
  it('still expires a token whose signature was verified and cached', async () => {
    const token = await t.ctx.sessions.create(memberId);
    await expect(t.ctx.sessions.verify(token)).resolves.toMatchObject({ id: memberId });
    t.clock.advance(SESSION_ABSOLUTE_MS + 1000);
    await expect(t.ctx.sessions.verify(token)).rejects.toMatchObject({ code: 'invalid-token' });
  });

  it('revokes a cached token at once', async () => {
    const token = await t.ctx.sessions.create(memberId);
    const session = await t.ctx.sessions.verify(token);
    await t.ctx.sessions.revoke(session.sessionId);
    await expect(t.ctx.sessions.verify(token)).rejects.toMatchObject({ code: 'invalid-token' });
  });

  it('refuses a token whose signature was altered after a good one was cached', async () => {
    const token = await t.ctx.sessions.create(memberId);
    await t.ctx.sessions.verify(token);
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    await expect(t.ctx.sessions.verify(tampered)).rejects.toMatchObject({ code: 'invalid-token' });
  });
});

describe('short access tokens with silent renewal (ADR 0017)', () => {
  const loginAs = async (remember?: boolean) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        username: DEMO_MEMBER.username,
        password: DEMO_MEMBER.password,
        ...(remember === undefined ? {} : { remember }),
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; refreshToken: string };
  };
  const wallet = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { authorization: `Bearer ${token}` } });
  const renew = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/session/renew', payload: { refreshToken } });

  it('hands out a 15-minute access JWT and a refresh token at login', async () => {
    const { token, refreshToken } = await loginAs();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
    };
    expect((claims.exp - claims.iat) * 1000).toBe(ACCESS_TOKEN_TTL_MS);
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}$/);
    expect((await wallet(token)).statusCode).toBe(200);
    t.clock.advance(ACCESS_TOKEN_TTL_MS);
    expect((await wallet(token)).json()).toEqual({ message: 'invalid-token' });
  });

  it('renews silently for as long as the session lives (remember me: 30 days)', async () => {
    const { refreshToken } = await loginAs(true);
    for (let day = 3; day <= 27; day += 3) {
      t.clock.advance(3 * 86_400_000);
      const renewed = await renew(refreshToken);
      expect(renewed.statusCode, `day ${day}`).toBe(200);
      expect((await wallet(renewed.json().token as string)).statusCode).toBe(200);
    }
    t.clock.advance(3 * 86_400_000);
    expect((await renew(refreshToken)).json()).toEqual({ message: 'invalid-token' });
  });

  it('ends a session without remember me after 12 hours', async () => {
    const { refreshToken } = await loginAs(false);
    t.clock.advance(SESSION_SHORT_MS - 60_000);
    const last = (await renew(refreshToken)).json() as { token: string };
    const claims = JSON.parse(Buffer.from(last.token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    // the last access token ends with the session
    expect(claims.exp * 1000).toBeLessThanOrEqual(t.clock.now().getTime() + 60_000);
    t.clock.advance(60_000);
    expect((await renew(refreshToken)).statusCode).toBe(401);
  });

  it('stays revocable: no renewal after logout, and a forged secret renews nothing', async () => {
    const { token, refreshToken } = await loginAs();
    const [sid] = refreshToken.split('.');
    expect((await renew(`${sid}.${'A'.repeat(43)}`)).json()).toEqual({ message: 'invalid-token' });
    expect((await renew('not-a-refresh-token')).json()).toEqual({ message: 'invalid-token' });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await renew(refreshToken)).json()).toEqual({ message: 'invalid-token' });
  });
});
