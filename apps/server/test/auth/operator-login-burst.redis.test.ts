import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { DEMO_OPERATOR } from '../../src/modules/auth/demo-operator.ts';
import {
  OPERATOR_LOGIN_DEVICE_RULE,
  OPERATOR_LOGIN_PAIR_RULE,
  OPERATOR_LOGIN_USER_RULE,
} from '../../src/modules/auth/operator-login.service.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TOTP_STEP_MS, totpSecretOf } from '../operators/operator-helpers.ts';
import { demoCredentials, signIn, tally, wrongCode, type Jar } from '../operators/sign-in-helpers.ts';

// Runs only when REDIS_URL is set: two server processes share the sign-in counters through Redis, and every attempt
// is counted before it is checked, so a burst split between them is checked only up to the limits
// (docs/decisions/0021-operator-console-session.md).
let a: TestApp;
let b: TestApp;
const clock = new FakeClock();
const { username, password } = DEMO_OPERATOR;

beforeAll(async () => {
  const env = {
    REDIS_URL: process.env.REDIS_URL as string,
    // a namespace of this run: counters of earlier runs (same username, same minute) are not met
    REDIS_PREFIX: `test-signin-${randomBytes(6).toString('hex')}:`,
    // one signing key, as a deployment's processes share: a device cookie of one is good on the other
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  [a, b] = await Promise.all([createTestApp({ env, clock }), createTestApp({ env, clock })]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

/** `n` guesses at once, alternately sent to the two processes. */
const burst = (
  n: number,
  body: (i: number) => Record<string, unknown>,
  from: (i: number) => { ip: string; jar?: Jar },
) => Promise.all(Array.from({ length: n }, (_, i) => signIn(i % 2 === 0 ? a : b, body(i), from(i))));

describe('a burst of sign-in guesses over two processes', () => {
  it('from one client: 40 wrong passwords, 5 checked', async () => {
    clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
    const ip = uniqueIp();
    const counts = tally(
      await burst(
        40,
        (i) => ({ username, password: `guess-${i}`, totp: '000000' }),
        () => ({ ip }),
      ),
    );
    console.info('redis burst, one client', counts);
    expect(counts).toEqual({ sent: 40, checked: OPERATOR_LOGIN_PAIR_RULE.limit, locked: 35, other: 0 });
    expect(await checkLedgerInvariants(a.ctx.db)).toEqual([]);
  });

  it('from 40 addresses: 40 TOTP guesses with the right password, 10 checked', async () => {
    clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs);
    const secret = await totpSecretOf(a, username);
    const code = wrongCode(secret, a);
    const counts = tally(
      await burst(
        40,
        () => ({ username, password, totp: code }),
        () => ({ ip: uniqueIp() }),
      ),
    );
    console.info('redis burst, 40 addresses', counts);
    expect(counts).toEqual({ sent: 40, checked: OPERATOR_LOGIN_USER_RULE.limit, locked: 30, other: 0 });
    expect(await checkLedgerInvariants(b.ctx.db)).toEqual([]);
  });

  it("with the owner's stolen device cookie: 40 guesses, 5 checked", async () => {
    clock.advance(2 * OPERATOR_LOGIN_USER_RULE.windowMs + TOTP_STEP_MS);
    const owner = await signIn(a, demoCredentials(await totpSecretOf(a, username), a), { ip: uniqueIp() });
    expect(owner.status).toBe(200);
    const jar = { 'wallet-op-device': owner.cookies['wallet-op-device']! };
    const counts = tally(
      await burst(
        40,
        (i) => ({ username, password: `guess-${i}`, totp: '000000' }),
        () => ({ ip: uniqueIp(), jar }),
      ),
    );
    console.info('redis burst, one device', counts);
    expect(counts).toEqual({ sent: 40, checked: OPERATOR_LOGIN_DEVICE_RULE.limit, locked: 35, other: 0 });
    expect(await checkLedgerInvariants(a.ctx.db)).toEqual([]);
  });
});
