import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';

/**
 * The console's finance queue against its members list (docs/operator-console.md): for a page of 100 rows the
 * withdrawals list, with its per-row context (flags, recent transfers, withdrawals and deposits), sorted or filtered,
 * takes at most twice the queries of the members list, and the same number for 100 rows as for 20. Counted on the
 * PGlite client, not timed (the machine is shared).
 */
let h: WithdrawalsHarness;
const ROWS = 100;

beforeAll(async () => {
  h = await createWithdrawalsHarness();
  await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 0 });
  for (let i = 0; i < ROWS; i++) {
    const m = await h.member(50_000n);
    const res = await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 100 + i });
    expect(res.status).toBe(200);
  }
}, 300_000);
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
}, 120_000);

async function queriesFor(url: string): Promise<{ rows: number; queries: number }> {
  const client = (h.t.database as unknown as { client: PGlite }).client;
  const query = vi.spyOn(client, 'query');
  const exec = vi.spyOn(client, 'exec');
  try {
    const res = await h.admin('GET', url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { rows: (res.body.rows as unknown[]).length, queries: query.mock.calls.length + exec.mock.calls.length };
  } finally {
    query.mockRestore();
    exec.mockRestore();
  }
}

/** the warm page's count: sessions, settings and member views are cached after a first read (see the queue test) */
async function warm(url: string) {
  const runs = [];
  for (let i = 0; i < 4; i++) runs.push(await queriesFor(url));
  return runs.reduce((best, run) => (run.queries < best.queries ? run : best));
}

describe('a 100-row page of the withdrawals queue against the members list', () => {
  it('takes at most twice the members list queries, sorted or not, and as many for 20 rows as for 100', async () => {
    const members = await warm(`/api/admin/members?pageSize=${ROWS}`);
    expect(members.rows).toBe(ROWS);
    for (const url of [
      `/api/admin/withdrawals?pageSize=${ROWS}`,
      `/api/admin/withdrawals?pageSize=${ROWS}&sort=amount&dir=desc`,
      `/api/admin/withdrawals?pageSize=${ROWS}&status=pending_review&sort=createdAt&dir=asc`,
    ]) {
      const large = await warm(url);
      expect(large.rows, url).toBe(ROWS);
      expect(
        large.queries,
        `${url}: ${large.queries} against the members list's ${members.queries}`,
      ).toBeLessThanOrEqual(2 * members.queries);
      const small = await warm(url.replace(`pageSize=${ROWS}`, 'pageSize=20'));
      expect(small.queries, url).toBe(large.queries);
    }
  });
});
