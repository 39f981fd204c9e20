import { newTotpSecret } from '../../src/modules/auth/totp.ts';
import { operatorAccounts } from '../../src/modules/auth/operators.routes.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { adminToken, operatorLogin, TOTP_STEP_MS } from '../operators/operator-helpers.ts';

/**
 * The demo operator (every role) and operators with the given roles, seeded as the system seeds the demo operator
 * (as secondAdminToken does in operator-helpers.ts) and signed in: these tests are about four eyes on money and
 * settings, not about how an operator is enrolled.
 */
export async function approvalOperators(t: TestApp, wanted: Record<string, string[]>): Promise<Record<string, string>> {
  const tokens: Record<string, string> = { admin: await adminToken(t) };
  const { accounts } = operatorAccounts(t.ctx);
  const logins: Array<() => Promise<void>> = [];
  for (const [username, roles] of Object.entries(wanted)) {
    const password = `${username}-password-1`;
    const secret = newTotpSecret();
    await t.ctx.db.transaction((tx) =>
      accounts.insert(
        tx,
        { id: null, username: 'system' },
        { username, password, roles: roles as never, totpSecret: secret, confirmed: true },
        { ip: null },
      ),
    );
    const login = async () => {
      t.clock.advance(TOTP_STEP_MS);
      const res = await operatorLogin(t, username, password, secret, uniqueIp());
      if (res.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
      tokens[username] = res.body.token as string;
    };
    logins.push(login);
    await login();
  }
  signIns.set(tokens, async () => {
    tokens.admin = await adminToken(t);
    for (const login of logins) await login();
  });
  return tokens;
}

const signIns = new WeakMap<Record<string, string>, () => Promise<void>>();

/** Sign every operator of `tokens` in again (after the test clock jumped past their sessions), in place. */
export async function signInAgain(tokens: Record<string, string>): Promise<void> {
  await signIns.get(tokens)?.();
}
