import { expect } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@wallet/contract/limits';
import { ledgerProblems } from '../../src/bootstrap/ledger-check.ts';
import type { Reply } from '../account/account-helpers.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { adminToken, enrolledOperator } from '../operators/operator-helpers.ts';

/** The demo operator (every role) and fresh operators with the given roles, enrolled and signed in. */
export async function operators(t: TestApp, wanted: Record<string, string[]>): Promise<Record<string, string>> {
  const admin = await adminToken(t);
  const tokens: Record<string, string> = { admin };
  for (const [username, roles] of Object.entries(wanted)) {
    tokens[username] = (await enrolledOperator(t, admin, username, roles)).token;
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
