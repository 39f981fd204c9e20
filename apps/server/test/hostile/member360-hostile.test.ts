import { listAdminEndpoints } from '@wallet/contract/admin/admin-api';
import { isErrorCode } from '@wallet/contract/errors';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { auditLog } from '../../src/db/schema/audit.ts';
import { memberNotes } from '../../src/db/schema/backoffice.ts';
import { signUp } from '../account/account-helpers.ts';
import { expectBooksBalanced, operators } from '../backoffice/backoffice-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { arbitraryFor, paramValue } from './arbitraries.ts';
import { expectSecurityHeaders } from './hostile-kit.ts';

/**
 * The hostile suite for the member 360 reads and notes, the global search and the CSV exports (ADR 0034): fuzzed
 * from their schemas as an operator holding every role, no answer is a 500 and every refusal is a catalogue code
 * that changes nothing; anonymous callers and member tokens get 401; a role outside the endpoint's gets 403; the
 * search never hands money rows to support, and stays within its rate limit.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);
const MINE = /^admin\.(member360|search|exports|periodReport)\./;
const endpoints = listAdminEndpoints().filter((e) => MINE.test(e.id));

let t: TestApp;
let tok: Record<string, string>;
let memberToken: string;
let memberId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
  tok = await operators(t, { sup: ['support'], mkt: ['marketing'], fin: ['finance'] });
  const m = await signUp(t, { name: 'Hostile Target' });
  memberToken = m.token;
  const [row] = await t.ctx.db.select({ id: members.id }).from(members).orderBy(members.id).limit(1);
  memberId = row!.id;
});
afterAll(async () => {
  await expectBooksBalanced(t);
  await t.close();
});

async function snapshot() {
  const n = async (table: typeof auditLog | typeof memberNotes) =>
    (await t.ctx.db.select({ n: count() }).from(table))[0]?.n;
  return JSON.stringify({ audit: await n(auditLog), notes: await n(memberNotes) });
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name] ?? 'x';
    try {
      return encodeURIComponent(value);
    } catch {
      return 'x%ZZ';
    }
  });

const queryValue = fc.oneof(
  fc.string({ maxLength: 70 }),
  fc.constantFrom(
    '-1',
    '0',
    '1e9',
    '99999999999',
    "' or 1=1 --",
    '%',
    '_',
    '\u0000',
    'paid',
    '2026-13-40T00:00:00Z',
    '2026-11-21',
    '2026-02-30',
    'days',
  ),
);

describe('member 360, search and export endpoints, fuzzed', () => {
  it('has the endpoints this suite covers', () => {
    expect(endpoints.map((e) => e.id).sort()).toEqual([
      'admin.exports.withdrawals',
      'admin.member360.addNote',
      'admin.member360.deposits',
      'admin.member360.linked',
      'admin.member360.notes',
      'admin.member360.providers',
      'admin.member360.withdrawals',
      'admin.periodReport.csv',
      'admin.periodReport.summary',
      'admin.search.global',
    ]);
  });

  it.each(endpoints.map((e) => [e.id, e] as const))('%s', { timeout: 120_000 }, async (_id, { endpoint }) => {
    const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
    const input = fc.record({
      params: fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(paramValue, fc.constant(String(memberId)))]))),
      query: fc.dictionary(
        fc.constantFrom('q', 'page', 'pageSize', 'status', 'memberId', 'from', 'to', 'section'),
        queryValue,
      ),
      body: endpoint.body ? arbitraryFor(endpoint.body) : fc.constant(undefined),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ params, query, body }) => {
        const before = await snapshot();
        const hasBody = body !== undefined && endpoint.method !== 'GET';
        const qs = new URLSearchParams(query as Record<string, string>).toString();
        const res = await t.app.inject({
          method: endpoint.method,
          url: `${fill(endpoint.path, params as Record<string, string>)}${qs ? `?${qs}` : ''}`,
          headers: {
            authorization: `Bearer ${tok.admin}`,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: JSON.stringify(body) } : {}),
        });
        expectSecurityHeaders(res.headers);
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode < 400) return;
        const answer = res.json() as { message?: unknown };
        expect(Object.keys(answer)).toEqual(['message']);
        expect(isErrorCode(answer.message), String(answer.message)).toBe(true);
        // the search's rate limit is a refusal that changes nothing either
        expect(await snapshot(), `${res.statusCode} ${String(answer.message)} changed state`).toBe(before);
      }),
      { numRuns: RUNS, seed: Number(process.env.HOSTILE_SEED ?? 20261127) },
    );
  });

  it('answers 401 to anonymous callers and to member tokens on every one', async () => {
    for (const { id, endpoint } of endpoints) {
      for (const headers of [{}, { authorization: `Bearer ${memberToken}` }]) {
        const res = await t.app.inject({ method: endpoint.method, url: fill(endpoint.path, { id: '1' }), headers });
        expect(res.statusCode, id).toBe(401);
      }
    }
  });

  it('answers 403 to a role outside the endpoint and writes nothing', async () => {
    const before = await snapshot();
    for (const { id, endpoint } of endpoints) {
      const res = await t.app.inject({
        method: endpoint.method,
        url: `${fill(endpoint.path, { id: String(memberId) })}?q=zz&from=2026-11-21&to=2026-11-21&section=days`,
        headers: { authorization: `Bearer ${tok.mkt}`, 'content-type': 'application/json' },
        ...(endpoint.method === 'POST' ? { payload: JSON.stringify({ body: 'not mine to write' }) } : {}),
      });
      expect(res.statusCode, id).toBe(403);
    }
    for (const path of ['withdrawals', 'deposits']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/members/${memberId}/${path}`,
        headers: { authorization: `Bearer ${tok.sup}` },
      });
      expect(res.statusCode, path).toBe(403);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('member 360, hostile content', () => {
  it('keeps a note with markup or a formula as plain text, and refuses one over 2000 characters', async () => {
    const url = `/api/admin/members/${memberId}/notes`;
    const headers = { authorization: `Bearer ${tok.sup}` };
    const evil = '<img src=x onerror=alert(1)> =cmd|"/c calc"!A1';
    const ok = await t.app.inject({ method: 'POST', url, headers, payload: { body: evil } });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { note: { body: string } }).note.body).toBe(evil);
    const long = await t.app.inject({ method: 'POST', url, headers, payload: { body: 'x'.repeat(2001) } });
    expect(long.statusCode).toBe(400);
    const stored = await t.ctx.db.select().from(memberNotes).where(eq(memberNotes.memberId, memberId));
    expect(stored.map((n) => n.body)).toContain(evil);
    expect(stored.map((n) => n.body)).not.toContain('x'.repeat(2001));
  });

  it('treats wildcard and injection text in the search as plain text', async () => {
    for (const q of ['%%', '__', "' or 1=1 --", '\\%']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/search?q=${encodeURIComponent(q)}`,
        headers: { authorization: `Bearer ${tok.fin}` },
      });
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toEqual({ members: [], withdrawals: [], deposits: [] });
    }
  });
});
