import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { signUp } from '../account/account-helpers.ts';
import { expectSecurityHeaders } from './hostile-kit.ts';

/** Tokens an attacker holds: forged, expired, for another audience, revoked, malformed. All answer 401 invalid-token. */
let t: TestApp;
let member: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
  member = await signUp(t);
});
afterAll(() => t.close());

const INVALID = { status: 401, body: { message: 'invalid-token' } };
const profileWith = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/account/profile',
    headers: { authorization: `Bearer ${token}` },
  });
  expectSecurityHeaders(res.headers);
  return { status: res.statusCode, body: res.json() as unknown };
};
const sidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
const sign = (claims: Record<string, unknown>, key: string, edit: (jwt: SignJWT) => SignJWT = (j) => j) =>
  edit(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h')).sign(
    new TextEncoder().encode(key),
  );

describe('tokens', () => {
  it('accepts the real one (control)', async () => {
    expect((await profileWith(member.token)).status).toBe(200);
  });

  it('refuses a token signed with another key for a real session', async () => {
    const forged = await sign({ sid: sidOf(member.token) }, 'another-secret-0123456789abcdef0123', (j) =>
      j.setAudience('wallet-player').setIssuer('member-wallet'),
    );
    expect(await profileWith(forged)).toEqual(INVALID);
  });

  it('refuses the right key with another audience or issuer', async () => {
    const key = t.config.secrets.jwt;
    const sid = sidOf(member.token);
    for (const token of [
      await sign({ sid }, key, (j) => j.setAudience('operator-console').setIssuer('member-wallet')),
      await sign({ sid }, key, (j) => j.setAudience('wallet-player').setIssuer('someone-else')),
      await sign({ sid }, key),
    ]) {
      expect(await profileWith(token)).toEqual(INVALID);
    }
  });

  it('refuses alg none, a tampered payload and garbage', async () => {
    const [header, payload, signature] = member.token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${signature}`;
    for (const token of [none, tampered, 'x', 'a.b.c', '\u00ff'.repeat(10), 'x'.repeat(5000)]) {
      expect(await profileWith(token)).toEqual(INVALID);
    }
  });

  it('refuses an expired token', async () => {
    const session = await signUp(t);
    t.clock.advance(366 * 24 * 3600_000);
    expect(await profileWith(session.token)).toEqual(INVALID);
  });

  it('refuses a revoked token (after logout)', async () => {
    const session = await signUp(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(await profileWith(session.token)).toEqual(INVALID);
  });
});
