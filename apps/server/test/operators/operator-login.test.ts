import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { DEMO_OPERATOR } from '../../src/modules/auth/demo-operator.ts';
import {
  OPERATOR_LOGIN_IP_RULE,
  OPERATOR_LOGIN_PAIR_RULE,
  OPERATOR_LOGIN_USER_RULE,
} from '../../src/modules/auth/operator-login.service.ts';
import { OPERATOR_SESSION_IDLE_MS } from '../../src/modules/auth/operator-sessions.ts';
import { totpCode } from '../../src/modules/auth/totp.ts';
import { DEMO_MEMBER } from '../../src/bootstrap/demo.ts';
import { get, post, uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken, operatorLogin, TOTP_STEP_MS, totpSecretOf } from './operator-helpers.ts';
import { tally } from './sign-in-helpers.ts';

let t: TestApp;
let secret: string;
const { username, password } = DEMO_OPERATOR;
beforeAll(async () => {
  t = await createTestApp();
  secret = await totpSecretOf(t, username);
});
afterAll(() => t.close());

const memberToken = async () => {
  const [demo] = await t.ctx.db.select().from(members).where(eq(members.username, DEMO_MEMBER.username));
  return t.ctx.sessions.create(demo!.id);
};

describe('operator sign-in (password + TOTP)', () => {
  it('signs the demo operator in and names it with every role', async () => {
    t.clock.advance(TOTP_STEP_MS);
    const res = await operatorLogin(t, username, password, secret, uniqueIp());
    expect(res.status).toBe(200);
    const me = await get(t, '/api/admin/me', { token: res.body.token as string });
    expect(me).toEqual({
      status: 200,
      body: { username: 'admin', roles: ['admin', 'finance', 'marketing', 'support'] },
    });
  });

  it('refuses a wrong code, a wrong password and an unknown operator alike', async () => {
    t.clock.advance(TOTP_STEP_MS);
    const ip = uniqueIp();
    const code = totpCode(secret, t.clock.now());
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const body of [
      { username, password, totp: wrongCode },
      { username, password: 'not-the-password', totp: code },
      { username: 'nobody', password, totp: code },
    ]) {
      expect(await post(t, '/api/admin/login', body, { ip })).toEqual({
        status: 401,
        body: { message: 'OPERATOR_CREDENTIAL_WRONG' },
      });
    }
    await post(t, '/api/admin/login', { username, password, totp: code }, { ip }); // reset the failure counter
  });

  it('refuses a code that was already used (replay within its window)', async () => {
    t.clock.advance(TOTP_STEP_MS);
    const code = totpCode(secret, t.clock.now());
    const first = await post(t, '/api/admin/login', { username, password, totp: code }, { ip: uniqueIp() });
    expect(first.status).toBe(200);
    t.clock.advance(10_000); // same code, still inside its window
    const again = await post(t, '/api/admin/login', { username, password, totp: code }, { ip: uniqueIp() });
    expect(again).toEqual({ status: 401, body: { message: 'OPERATOR_CREDENTIAL_WRONG' } });
  });

  it('keeps member and operator tokens apart', async () => {
    const member = await memberToken();
    const operator = await adminToken(t);
    expect(await get(t, '/api/admin/me', { token: member })).toEqual({
      status: 401,
      body: { message: 'invalid-token' },
    });
    expect(await get(t, '/api/account/profile', { token: operator })).toEqual({
      status: 401,
      body: { message: 'invalid-token' },
    });
    expect((await get(t, '/api/admin/me')).status).toBe(401);
  });

  it('revokes the session on logout and after the idle timeout', async () => {
    const token = await adminToken(t);
    expect((await post(t, '/api/admin/logout', undefined, { token })).status).toBe(200);
    expect((await get(t, '/api/admin/me', { token })).status).toBe(401);
    const idle = await adminToken(t);
    t.clock.advance(OPERATOR_SESSION_IDLE_MS + 1000);
    expect((await get(t, '/api/admin/me', { token: idle })).status).toBe(401);
  });

  it('locks an address after 5 failures for a username; the owner elsewhere still signs in', async () => {
    t.clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
    const attacker = uniqueIp();
    for (let i = 0; i < OPERATOR_LOGIN_PAIR_RULE.limit; i++) {
      const res = await post(t, '/api/admin/login', { username, password: 'wrong', totp: '000000' }, { ip: attacker });
      expect(res).toEqual({ status: 401, body: { message: 'OPERATOR_CREDENTIAL_WRONG' } });
    }
    t.clock.advance(TOTP_STEP_MS);
    // even the right password and code are refused from the locked address, unchecked
    expect(await operatorLogin(t, username, password, secret, attacker)).toEqual({
      status: 429,
      body: { message: 'SIGN_IN_LOCKED' },
    });
    expect((await operatorLogin(t, username, password, secret, uniqueIp())).status).toBe(200);
    t.clock.advance(2 * OPERATOR_LOGIN_PAIR_RULE.windowMs);
    expect((await operatorLogin(t, username, password, secret, attacker)).status).toBe(200);
  });

  it('slows a username down across addresses: past 10 failures, browsers without its device cookie wait', async () => {
    t.clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
    for (let i = 0; i < OPERATOR_LOGIN_USER_RULE.limit; i++) {
      const res = await post(
        t,
        '/api/admin/login',
        { username, password: 'wrong', totp: '000000' },
        { ip: uniqueIp() },
      );
      expect(res.status).toBe(401);
    }
    t.clock.advance(TOTP_STEP_MS);
    expect(await operatorLogin(t, username, password, secret, uniqueIp())).toEqual({
      status: 429,
      body: { message: 'SIGN_IN_LOCKED' },
    });
    t.clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
    expect((await operatorLogin(t, username, password, secret, uniqueIp())).status).toBe(200);
  });

  it('limits sign-in attempts per IP, whatever the username', async () => {
    t.clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
    const ip = uniqueIp();
    for (let i = 0; i < OPERATOR_LOGIN_IP_RULE.limit; i++) {
      const res = await post(t, '/api/admin/login', { username: `nobody${i}`, password, totp: '000000' }, { ip });
      expect(res.status).toBe(401);
    }
    t.clock.advance(TOTP_STEP_MS);
    expect(await operatorLogin(t, username, password, secret, ip)).toEqual({
      status: 429,
      body: { message: 'SIGN_IN_LOCKED' },
    });
  });

  it('counts each attempt before checking it: a parallel burst is checked only up to the limits', async () => {
    t.clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
    // 12 guesses at once from one client: the (username, address) lock lets 5 through
    const one = uniqueIp();
    const fromOne = tally(
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post(t, '/api/admin/login', { username, password: `guess-${i}`, totp: '000000' }, { ip: one }),
        ),
      ),
    );
    expect(fromOne).toEqual({ sent: 12, checked: OPERATOR_LOGIN_PAIR_RULE.limit, locked: 7, other: 0 });
    t.clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
    // 40 TOTP guesses with the right password from 40 addresses: the per-username limit lets 10 through
    const codes = tally(
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(t, '/api/admin/login', { username, password, totp: String(900_000 + i) }, { ip: uniqueIp() }),
        ),
      ),
    );
    expect(codes.checked).toBeLessThanOrEqual(OPERATOR_LOGIN_USER_RULE.limit);
    expect(codes.checked + codes.locked).toBe(40);
    t.clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
  });

  it('records every attempt: admins read all of them, an operator those made to its own account', async () => {
    t.clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
    const ip = uniqueIp();
    await post(t, '/api/admin/login', { username, password, totp: '000000' }, { ip });
    await post(t, '/api/admin/login', { username: 'ghost', password, totp: '000000' }, { ip });
    t.clock.advance(TOTP_STEP_MS);
    const res = await operatorLogin(t, username, password, secret, ip);
    const token = res.body.token as string;
    const mine = await get(t, `/api/admin/sign-ins?pageSize=3`, { token });
    const rows = (mine.body.rows as Array<Record<string, unknown>>).map(({ username: u, outcome, ip: from }) => ({
      u,
      outcome,
      from,
    }));
    expect(rows).toEqual([
      { u: 'admin', outcome: 'success', from: ip },
      { u: 'ghost', outcome: 'wrong', from: ip },
      { u: 'admin', outcome: 'wrong', from: ip },
    ]);
    const ghosts = await get(t, `/api/admin/sign-ins?username=ghost`, { token });
    expect((ghosts.body.rows as unknown[]).length).toBeGreaterThan(0);
    expect(JSON.stringify(mine.body)).not.toContain(password);
  });
});
