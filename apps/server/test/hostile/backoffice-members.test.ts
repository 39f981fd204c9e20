import { listAdminEndpoints } from '@wallet/contract/admin/admin-api';
import { isErrorCode } from '@wallet/contract/errors';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRiskFlags } from '../../src/db/schema/account.ts';
import { members } from '../../src/db/schema/core.ts';
import { ledgerEntries } from '../../src/db/schema/ledger.ts';
import { auditLog } from '../../src/db/schema/operators.ts';
import { balanceAdjustments } from '../../src/db/schema/wallet.ts';
import { signUp } from '../account/account-helpers.ts';
import { expectBooksBalanced } from '../backoffice/backoffice-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { arbitraryFor, paramValue } from './arbitraries.ts';
import { expectSecurityHeaders } from './hostile-kit.ts';

/**
 * The hostile suite for the back office's member, adjustment and report endpoints: fuzzed from their schemas as
 * an operator holding every role, no answer is a 500, every refusal is a catalogue code and changes nothing;
 * without an operator token (anonymous or a member's) every one answers 401.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);
const MINE = /^admin\.(members|adjustments|reports)\./;
const endpoints = listAdminEndpoints().filter((e) => MINE.test(e.id));

let t: TestApp;
let admin: string;
let memberToken: string;
let memberId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
  admin = await adminToken(t);
  const m = await signUp(t);
  memberToken = m.token;
  const [row] = await t.ctx.db.select({ id: members.id }).from(members).orderBy(members.id).limit(1);
  memberId = row!.id;
});
afterAll(async () => {
  await expectBooksBalanced(t);
  await t.close();
});

async function snapshot() {
  const n = async (table: typeof members | typeof ledgerEntries | typeof auditLog | typeof balanceAdjustments) =>
    (await t.ctx.db.select({ n: count() }).from(table))[0]?.n;
  return JSON.stringify({
    members: await t.ctx.db.select({ id: members.id, status: members.status }).from(members).orderBy(members.id),
    flags: await t.ctx.db.select().from(memberRiskFlags).orderBy(memberRiskFlags.memberId),
    entries: await n(ledgerEntries),
    audit: await n(auditLog),
    adjustments: await n(balanceAdjustments),
  });
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name] ?? 'x';
    if (value.startsWith('%')) return value;
    try {
      return encodeURIComponent(value);
    } catch {
      return 'x%ZZ';
    }
  });

const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('-1', '0', '1e9', '99999999999', "' or 1=1 --", '%', '_', '\u0000', 'pending', 'posted'),
);

describe('back-office member endpoints, fuzzed', () => {
  it.each(endpoints.map((e) => [e.id, e] as const))('%s', { timeout: 120_000 }, async (_id, { endpoint }) => {
    const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
    const input = fc.record({
      params: fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(paramValue, fc.constant(String(memberId)))]))),
      query: fc.dictionary(fc.constantFrom('q', 'page', 'pageSize', 'status', 'memberId', 'x'), queryValue),
      body: endpoint.body ? arbitraryFor(endpoint.body) : fc.constant(undefined),
    });
    let i = 0;
    await fc.assert(
      fc.asyncProperty(input, async ({ params, query, body }) => {
        i++;
        const before = await snapshot();
        const hasBody = body !== undefined && endpoint.method !== 'GET';
        const qs = new URLSearchParams(query as Record<string, string>).toString();
        const res = await t.app.inject({
          method: endpoint.method,
          url: `${fill(endpoint.path, params as Record<string, string>)}${qs ? `?${qs}` : ''}`,
          headers: {
            authorization: `Bearer ${admin}`,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
            ...(endpoint.movesMoney ? { 'idempotency-key': `fuzz-${endpoint.path}-${i}` } : {}),
          },
          ...(hasBody ? { payload: JSON.stringify(body) } : {}),
        });
        expectSecurityHeaders(res.headers);
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode < 400) return;
        const answer = res.json() as { message?: unknown };
        expect(Object.keys(answer)).toEqual(['message']);
        expect(isErrorCode(answer.message), String(answer.message)).toBe(true);
        expect(await snapshot(), `${res.statusCode} ${String(answer.message)} changed state`).toBe(before);
      }),
      { numRuns: RUNS, seed: Number(process.env.HOSTILE_SEED ?? 20261123) },
    );
  });

  it('answers 401 to anonymous callers and to member tokens on every one', async () => {
    for (const { id, endpoint } of endpoints) {
      for (const headers of [{}, { authorization: `Bearer ${memberToken}` }]) {
        const res = await t.app.inject({
          method: endpoint.method,
          url: fill(endpoint.path, { id: '1', sid: 'abcdefgh' }),
          headers,
        });
        expect(res.statusCode, id).toBe(401);
      }
    }
  });
});
