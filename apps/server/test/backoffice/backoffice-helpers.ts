import { expect } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@wallet/contract/limits';
import { ledgerProblems } from '../../src/bootstrap/ledger-check.ts';
import { post, type Reply } from '../account/account-helpers.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { adminToken, operatorLogin, secretOfUri, TOTP_STEP_MS } from '../operators/operator-helpers.ts';

const PASSWORD = 'operator-password-1';

/** The demo operator (every role) and fresh operators with the given roles, signed in. */
export async function operators(t: TestApp, wanted: Record<string, string[]>): Promise<Record<string, string>> {
  const tokens: Record<string, string> = { admin: await adminToken(t) };
  for (const [username, roles] of Object.entries(wanted)) {
    const created = await post(
      t,
      '/api/admin/operators',
      { username, password: PASSWORD, roles },
      { token: tokens.admin },
    );
    expect(created.status).toBe(200);
    const uri = (created.body.enrolment as { uri: string }).uri;
    t.clock.advance(TOTP_STEP_MS);
    const login = await operatorLogin(t, username, PASSWORD, secretOfUri(uri));
    expect(login.status).toBe(200);
    tokens[username] = login.body.token as string;
  }
  return tokens;
}

/** An admin call with a JSON body (and an Idempotency-Key when given). */
export async function adminCall(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  key?: string,
): Promise<Reply & { replayed: boolean }> {
  const res = await t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { authorization: `Bearer ${token}`, ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) },
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown>,
    replayed: res.headers['idempotent-replayed'] === 'true',
  };
}

/** The whole ledger invariant holds. */
export async function expectBooksBalanced(t: TestApp): Promise<void> {
  expect(await ledgerProblems(t.ctx.db, t.clock)).toEqual([]);
}
