import { SOCKET_PATH } from '@wallet/contract/socket-events';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../src/modules/auth/demo-operator.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TOTP_STEP_MS, totpSecretOf } from '../operators/operator-helpers.ts';
import { cookieHeader, demoCredentials, signIn, type Jar } from '../operators/sign-in-helpers.ts';

/** One console session per browser: an httpOnly cookie shared by its tabs, CSRF-proofed (docs/decisions/0021). */
let t: TestApp;
let secret: string;
let base: string;
const HOST = 'console.example';
beforeAll(async () => {
  t = await createTestApp();
  secret = await totpSecretOf(t, DEMO_OPERATOR.username);
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

/** The browser's cookie jar after a console sign-in (session, CSRF proof, device mark) and the raw Set-Cookie lines. */
async function consoleSignIn(jar: Jar = {}) {
  t.clock.advance(TOTP_STEP_MS);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { ...demoCredentials(secret, t), session: 'cookie' },
    headers: { host: HOST, origin: `https://${HOST}`, 'sec-fetch-site': 'same-origin', cookie: cookieHeader(jar) },
    remoteAddress: uniqueIp(),
  });
  const lines = [res.headers['set-cookie'] ?? []].flat().map(String);
  const next = { ...jar };
  for (const line of lines) {
    const [pair = ''] = line.split(';');
    const [name = '', value = ''] = pair.split('=');
    next[name] = value;
  }
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, lines, jar: next };
}

type Call = { method: 'GET' | 'POST'; url: string; jar: Jar; headers?: Record<string, string>; bearer?: string };
async function call({ method, url, jar, headers = {}, bearer }: Call) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      host: HOST,
      cookie: cookieHeader(jar),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, setCookie: res.headers['set-cookie'] };
}
const sameSite = (jar: Jar) => ({
  origin: `https://${HOST}`,
  'sec-fetch-site': 'same-origin',
  'x-csrf-token': jar['wallet-op-csrf']!,
});

describe('the console session cookie', () => {
  it('signs in with httpOnly SameSite=Strict cookies and no token in the answer; every tab reads with them', async () => {
    const { status, body, lines, jar } = await consoleSignIn();
    expect({ status, body }).toEqual({ status: 200, body: { signedIn: true } });
    const byName = (name: string) => lines.find((l) => l.startsWith(`${name}=`)) ?? '';
    expect(byName('wallet-op')).toMatch(/; Path=\/; Max-Age=43200; SameSite=Strict; HttpOnly$/);
    expect(byName('wallet-op-csrf')).toMatch(/; Path=\/; Max-Age=43200; SameSite=Strict$/);
    expect(byName('wallet-op-device')).toMatch(
      /; Path=\/api\/admin\/login; Max-Age=7776000; SameSite=Strict; HttpOnly$/,
    );
    // a second tab: the same cookies, no sign-in
    expect(await call({ method: 'GET', url: '/api/admin/me', jar })).toMatchObject({
      status: 200,
      body: { username: 'admin' },
    });
    expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  });

  it('refuses a state-changing call without the CSRF proof or from another site, and leaves the session alone', async () => {
    const { jar } = await consoleSignIn();
    const logout = (headers: Record<string, string>) =>
      call({ method: 'POST', url: '/api/admin/logout', jar, headers });
    const refused = { status: 403, body: { message: 'CSRF_REFUSED' } };
    // a cross-site form or fetch: the browser would add the cookie (were it not SameSite) but never the header
    expect(await logout({ origin: 'https://evil.example' })).toMatchObject(refused);
    expect(await logout({ ...sameSite(jar), origin: 'https://evil.example' })).toMatchObject(refused);
    expect(await logout({ ...sameSite(jar), 'sec-fetch-site': 'cross-site' })).toMatchObject(refused);
    expect(await logout({ ...sameSite(jar), 'x-csrf-token': 'forged-proof' })).toMatchObject(refused);
    expect(await logout({})).toMatchObject(refused);
    expect((await call({ method: 'GET', url: '/api/admin/me', jar })).status).toBe(200);

    // the real page: proof and same origin; the answer clears both cookies
    const out = await logout(sameSite(jar));
    expect(out.status).toBe(200);
    expect([out.setCookie].flat().map(String)).toEqual([
      expect.stringMatching(/^wallet-op=; Path=\/; Max-Age=0;/),
      expect.stringMatching(/^wallet-op-csrf=; Path=\/; Max-Age=0;/),
    ]);
    expect(await call({ method: 'GET', url: '/api/admin/me', jar })).toEqual({
      status: 401,
      body: { message: 'invalid-token' },
      setCookie: undefined,
    });
  });

  it('refuses a console sign-in posted from another site', async () => {
    t.clock.advance(TOTP_STEP_MS);
    const res = await signIn(
      t,
      { ...demoCredentials(secret, t), session: 'cookie' },
      {
        ip: uniqueIp(),
        headers: { host: HOST, origin: 'https://evil.example' },
      },
    );
    expect(res).toMatchObject({ status: 403, body: { message: 'CSRF_REFUSED' } });
  });

  it('keeps one session per browser: signing in again ends the one its cookie named', async () => {
    const first = await consoleSignIn();
    const second = await consoleSignIn(first.jar);
    expect(first.jar['wallet-op']).not.toBe(second.jar['wallet-op']);
    expect((await call({ method: 'GET', url: '/api/admin/me', jar: first.jar })).status).toBe(401);
    const sessions = await call({ method: 'GET', url: '/api/admin/sessions', jar: second.jar });
    const mine = sessions.body.sessions as Array<{ id: string; current: boolean }>;
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    // ended from My sessions in another browser: this one is signed out at once
    const other = await consoleSignIn();
    const current = mine.find((s) => s.current)!;
    const revoke = await call({
      method: 'POST',
      url: `/api/admin/sessions/${current.id}/revoke`,
      jar: other.jar,
      headers: sameSite(other.jar),
    });
    expect(revoke.status).toBe(200);
    expect((await call({ method: 'GET', url: '/api/admin/me', jar: second.jar })).status).toBe(401);
  });

  it('still takes a Bearer token from API clients, without a CSRF proof (a browser never adds one by itself)', async () => {
    t.clock.advance(TOTP_STEP_MS);
    const res = await signIn(t, demoCredentials(secret, t), { ip: uniqueIp() });
    const token = res.body.token as string;
    expect(typeof token).toBe('string');
    expect((await call({ method: 'POST', url: '/api/admin/logout', jar: {}, bearer: token })).status).toBe(200);
  });

  it('behind a trusted proxy, compares the Origin with the host the client asked for (X-Forwarded-Host)', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const proxySecret = await totpSecretOf(proxied, DEMO_OPERATOR.username);
      proxied.clock.advance(TOTP_STEP_MS);
      const outside = {
        host: '127.0.0.1:3000',
        'x-forwarded-host': 'wallet.example',
        origin: 'https://wallet.example',
      };
      const res = await signIn(
        proxied,
        { ...demoCredentials(proxySecret, proxied), session: 'cookie' },
        { ip: '127.0.0.1', headers: outside },
      );
      expect(res.status).toBe(200);
      const logout = await proxied.app.inject({
        method: 'POST',
        url: '/api/admin/logout',
        headers: { ...outside, cookie: cookieHeader(res.cookies), 'x-csrf-token': res.cookies['wallet-op-csrf']! },
      });
      expect(logout.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('opens the operator socket with the session cookie from this site only', async () => {
    const { jar } = await consoleSignIn();
    const host = new URL(base).host;
    const connect = (headers: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const socket = io(base, {
          path: SOCKET_PATH,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { kind: 'operator' },
          extraHeaders: headers,
        });
        socket.once('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.once('connect_error', (err) => {
          socket.close();
          resolve(err.message);
        });
      });
    expect(await connect({ cookie: cookieHeader(jar), origin: `http://${host}` })).toBe('connected');
    expect(await connect({ cookie: cookieHeader(jar), origin: 'https://evil.example' })).toBe('UNAUTHORIZED');
    expect(await connect({ origin: `http://${host}` })).toBe('UNAUTHORIZED');
  });
});
