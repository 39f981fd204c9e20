import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { operatorSignIns } from '../../src/db/schema/auth.ts';
import { DEMO_OPERATOR } from '../../src/modules/auth/demo-operator.ts';
import { DEVICE_COOKIE_MS, issueDeviceMark } from '../../src/modules/auth/operator-cookies.ts';
import { OPERATOR_LOGIN_PAIR_RULE, OPERATOR_LOGIN_USER_RULE } from '../../src/modules/auth/operator-login.service.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TOTP_STEP_MS, totpSecretOf } from '../operators/operator-helpers.ts';
import { cookieHeader, demoCredentials, signIn, tally, wrongCode, type Jar } from '../operators/sign-in-helpers.ts';

/**
 * Hostile sign-in (docs/decisions/0021-operator-console-session.md): bursts of guesses from many addresses, an attacker
 * trying to lock the owner out, forged device cookies, cross-site calls riding the console's cookie. The owner with
 * the device cookie of an earlier sign-in always gets in; every attempt is recorded.
 */
let t: TestApp;
let secret: string;
let ownerDevice: Jar;
const { username, password } = DEMO_OPERATOR;
const WINDOW = OPERATOR_LOGIN_USER_RULE.windowMs;

beforeAll(async () => {
  t = await createTestApp();
  secret = await totpSecretOf(t, username);
  t.clock.advance(TOTP_STEP_MS);
  const first = await signIn(t, demoCredentials(secret, t), { ip: uniqueIp() });
  expect(first.status).toBe(200);
  ownerDevice = { 'wallet-op-device': first.cookies['wallet-op-device']! };
});
afterAll(() => t.close());

const guess = (i: number) => ({ username, password: `guess-${i}`, totp: '000000' });
const attempts = async () => (await t.ctx.db.select({ n: count() }).from(operatorSignIns))[0]!.n;
/** The owner signs in with password, a fresh code and the device cookie, from `ip`. */
async function ownerSignsIn(ip: string, jar: Jar = ownerDevice) {
  t.clock.advance(TOTP_STEP_MS);
  return signIn(t, demoCredentials(secret, t), { ip, jar });
}

describe('operator sign-in under attack', () => {
  it('a burst from 60 addresses, 3 guesses each at once, is checked 10 times; the owner still gets in', async () => {
    t.clock.advance(2 * WINDOW);
    const before = await attempts();
    const addresses = Array.from({ length: 60 }, () => uniqueIp());
    const replies = await Promise.all(
      addresses.flatMap((ip, a) => [0, 1, 2].map((k) => signIn(t, guess(a * 3 + k), { ip }))),
    );
    const counts = tally(replies);
    console.info('hostile: burst from 60 addresses', counts);
    expect(counts).toEqual({ sent: 180, checked: OPERATOR_LOGIN_USER_RULE.limit, locked: 170, other: 0 });
    expect(new Set(replies.filter((r) => r.status === 429).map((r) => r.body.message))).toEqual(
      new Set(['SIGN_IN_LOCKED']),
    );
    // the username is slowed for unknown browsers; the owner's own browser is not
    const stranger = await ownerSignsIn(uniqueIp(), {});
    expect(stranger).toMatchObject({ status: 429, body: { message: 'SIGN_IN_LOCKED' } });
    expect((await ownerSignsIn(uniqueIp())).status).toBe(200);
    // every attempt recorded, with its outcome
    expect((await attempts()) - before).toBe(182);
    expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  });

  it("an attacker cannot lock the owner out: its address is locked, the owner's browser signs in from anywhere", async () => {
    t.clock.advance(2 * WINDOW);
    const attacker = uniqueIp();
    const replies = [];
    for (let i = 0; i < 25; i++) replies.push(await signIn(t, guess(i), { ip: attacker }));
    const counts = tally(replies);
    console.info('hostile: one attacker address, 25 guesses', counts);
    expect(counts).toEqual({ sent: 25, checked: OPERATOR_LOGIN_PAIR_RULE.limit, locked: 20, other: 0 });

    // the owner: from its usual address with its device cookie, even from the attacker's address (one NAT)
    expect((await ownerSignsIn(uniqueIp())).status).toBe(200);
    expect((await ownerSignsIn(attacker)).status).toBe(200);
    // and on a new browser elsewhere: one address's failures do not lock the username
    expect((await ownerSignsIn(uniqueIp(), {})).status).toBe(200);
    // the attacker's address, without the cookie, stays locked even with the right password and code
    const still = await ownerSignsIn(attacker, {});
    expect(still).toMatchObject({ status: 429, body: { message: 'SIGN_IN_LOCKED' } });
    expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  });

  it('forged, foreign and stale device cookies are no known device', async () => {
    const key = t.ctx.operatorSessions.signingKey;
    const real = ownerDevice['wallet-op-device']!;
    const marks = {
      forged: `${real.slice(0, -2)}${real.endsWith('A') ? 'B' : 'A'}${real.slice(-1)}`,
      otherOperator: issueDeviceMark(key, 999, t.clock.now()),
      stale: issueDeviceMark(key, 1, new Date(t.clock.now().getTime() - DEVICE_COOKIE_MS - 60_000)),
      garbage: 'x.y.z.w.v',
    };
    const tallies: Record<string, ReturnType<typeof tally>> = {};
    for (const [name, mark] of Object.entries(marks)) {
      t.clock.advance(2 * WINDOW);
      // the username is slowed for unknown browsers first: a mark that counted as known would get past it
      await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(t, guess(i), { ip: uniqueIp() })));
      const replies = await Promise.all(
        Array.from({ length: 5 }, (_, i) => signIn(t, guess(i), { ip: uniqueIp(), jar: { 'wallet-op-device': mark } })),
      );
      tallies[name] = tally(replies);
    }
    console.info('hostile: device cookies', tallies);
    for (const counts of Object.values(tallies)) expect(counts).toEqual({ sent: 5, checked: 0, locked: 5, other: 0 });
    const rows = await t.ctx.db.select().from(operatorSignIns).where(eq(operatorSignIns.outcome, 'locked'));
    expect(rows.slice(-20).every((r) => !r.knownDevice)).toBe(true);
    expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  });

  it("cross-site calls riding the console's cookie change nothing", async () => {
    t.clock.advance(2 * WINDOW);
    const session = await signIn(
      t,
      { ...demoCredentials(secret, t), session: 'cookie' },
      { ip: uniqueIp(), jar: ownerDevice, headers: { host: 'console.example', origin: 'https://console.example' } },
    );
    expect(session.status).toBe(200);
    const jar = { 'wallet-op': session.cookies['wallet-op']!, 'wallet-op-csrf': session.cookies['wallet-op-csrf']! };
    const auditBefore = (await t.ctx.db.select({ n: count() }).from(auditLog))[0]!.n;
    const calls = [
      { method: 'PUT' as const, url: '/api/admin/settings/minDeposit', payload: { value: 1 } },
      { method: 'POST' as const, url: '/api/admin/logout', payload: undefined },
      { method: 'POST' as const, url: '/api/admin/sessions/AAAAAAAAAAAAAAAAAAAAAAAA/revoke', payload: undefined },
    ];
    const variants: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'x-csrf-token': jar['wallet-op-csrf'] },
      { 'sec-fetch-site': 'cross-site', 'x-csrf-token': jar['wallet-op-csrf'] },
      { 'sec-fetch-site': 'same-site', 'x-csrf-token': jar['wallet-op-csrf'] },
      { origin: 'null', 'x-csrf-token': jar['wallet-op-csrf'] },
      {},
    ];
    const statuses: Record<string, number> = {};
    for (const c of calls) {
      for (const headers of variants) {
        const res = await t.app.inject({
          method: c.method,
          url: c.url,
          ...(c.payload ? { payload: c.payload } : {}),
          headers: { host: 'console.example', cookie: cookieHeader(jar), ...headers },
        });
        const key = `${res.statusCode} ${(res.json() as { message?: string }).message}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    }
    console.info('hostile: cross-site calls', statuses);
    expect(statuses).toEqual({ '403 CSRF_REFUSED': calls.length * variants.length });
    expect((await t.ctx.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(auditBefore);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { host: 'console.example', cookie: cookieHeader(jar) },
    });
    expect(me.statusCode).toBe(200);
    expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  });

  it('a wrong code and a wrong password answer alike, naming no factor', async () => {
    t.clock.advance(2 * WINDOW + TOTP_STEP_MS);
    const ip = uniqueIp();
    const code = wrongCode(secret, t);
    const answers = await Promise.all([
      signIn(t, { username, password, totp: code }, { ip }),
      signIn(t, { username, password: 'wrong-password', totp: code }, { ip }),
      signIn(t, { username: 'nobody-here', password, totp: code }, { ip }),
    ]);
    console.info(
      'hostile: wrong factors',
      answers.map((a) => a.body.message),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 401, body: { message: 'OPERATOR_CREDENTIAL_WRONG' } });
    }
    expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  });
});
