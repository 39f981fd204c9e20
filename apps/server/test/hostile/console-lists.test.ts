import { isErrorCode } from '@wallet/contract/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced, operators } from '../backoffice/backoffice-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectSecurityHeaders } from './hostile-kit.ts';

/**
 * The console's money lists and the audit list, sorted and filtered on the server (docs/operator-console.md): a sort
 * key outside a list's whitelist, a direction other than asc/desc and injection strings in the sort or the member
 * filter are refused with a catalogue code (never a 500, never a query built from them); fuzzed, no answer is a 500.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);
const LISTS = [
  '/api/admin/withdrawals',
  '/api/admin/deposits',
  '/api/admin/adjustments',
  '/api/admin/audit',
  '/api/admin/exports/withdrawals.csv',
] as const;
const HOSTILE = [
  'amount; drop table withdrawals --',
  'created_at',
  'amount desc',
  '(select 1)',
  'id,1',
  '__proto__',
  'constructor',
  '',
  '%27',
  "' or 1=1 --",
  '\u0000',
  'x'.repeat(300),
];

let t: TestApp;
let tok: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await operators(t, {});
});
afterAll(async () => {
  await expectBooksBalanced(t);
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tok.admin}` } });

async function expectRefused(url: string) {
  const res = await get(url);
  expectSecurityHeaders(res.headers);
  expect(res.statusCode, `${url} → ${res.body}`).toBe(400);
  const answer = res.json() as { message?: unknown };
  expect(isErrorCode(answer.message), String(answer.message)).toBe(true);
}

describe('sorting and filtering the console lists', () => {
  it.each(LISTS)('%s refuses an unknown sort key, a bad direction and injection strings', async (path) => {
    for (const value of HOSTILE) {
      // an empty sort is "not given" for the parser only when absent: an empty string is not a key either
      await expectRefused(`${path}?sort=${encodeURIComponent(value)}`);
      if (value !== '') await expectRefused(`${path}?dir=${encodeURIComponent(value)}`);
    }
  });

  it.each(['/api/admin/withdrawals', '/api/admin/deposits', '/api/admin/exports/withdrawals.csv'])(
    '%s refuses a member filter that is not an id, username or phone number',
    async (path) => {
      for (const value of ["' or 1=1 --", '%', '1;select', '(1)', '\u0000', 'x'.repeat(40), '*', 'a/b', '+66 81']) {
        await expectRefused(`${path}?member=${encodeURIComponent(value)}`);
      }
      // a well-formed filter naming nobody is an empty list, not an error
      const res = await get(`${path}?member=0812345678`);
      expect(res.statusCode).toBe(200);
    },
  );

  it('answers every fuzzed sort, direction and member with a page or a catalogue code, never a 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(...HOSTILE, 'amount', 'createdAt', 'status', 'queue', 'asc', 'desc', 'at', 'operator'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LISTS),
        fc.dictionary(fc.constantFrom('sort', 'dir', 'member', 'status', 'page', 'pageSize'), value),
        async (path, query) => {
          const qs = new URLSearchParams(query as Record<string, string>).toString();
          const res = await get(`${path}${qs ? `?${qs}` : ''}`);
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) expect(isErrorCode((res.json() as { message?: unknown }).message)).toBe(true);
        },
      ),
      { numRuns: RUNS * 4, seed: Number(process.env.HOSTILE_SEED ?? 20261127) },
    );
  });

  it("refuses a member 360 provider summary's bad dates and unknown members with a catalogue code", async () => {
    for (const q of ['from=yesterday', "to=' or 1=1 --", 'from=2026-13-40T00:00:00Z']) {
      await expectRefused(`/api/admin/members/1/providers?${q}`);
    }
    const unknown = await get('/api/admin/members/999999/providers');
    expect(unknown.statusCode).toBe(404);
    expect(isErrorCode((unknown.json() as { message?: unknown }).message)).toBe(true);
  });
});
