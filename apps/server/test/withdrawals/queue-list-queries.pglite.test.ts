import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/**
 * The finance queue's page reads its rows' context (flags, recent transfers, withdrawals and deposits) with one query
 * per kind of context, so its cost does not grow with the page (docs/decisions/0033-live-queues.md): 20 rows and
 * 100 rows take the same number of queries. Counted on the PGlite client, not timed.
 */
let h: WithdrawalsHarness;
const ROWS = 100;

beforeAll(async () => {
  h = await createWithdrawalsHarness();
  await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 0 });
  for (let i = 0; i < ROWS; i++) {
    const m = await h.member(50_000n);
    const res = await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 100 });
    expect(res.status).toBe(200);
  }
}, 300_000);
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
}, 120_000);

async function queriesFor(pageSize: number): Promise<{ rows: number; queries: number }> {
  const client = (h.t.database as unknown as { client: PGlite }).client;
  const query = vi.spyOn(client, 'query');
  const exec = vi.spyOn(client, 'exec');
  try {
    const res = await h.admin('GET', `/api/admin/withdrawals?status=pending_review&pageSize=${pageSize}`);
    expect(res.status).toBe(200);
    return { rows: (res.body.rows as unknown[]).length, queries: query.mock.calls.length + exec.mock.calls.length };
  } finally {
    query.mockRestore();
    exec.mockRestore();
  }
}

describe('the withdrawals queue list', () => {
  it('takes the same number of queries for 20 rows as for 100 (one per kind of context)', async () => {
    // the operator's session, the settings and the members' views are cached after a first read, and the outbox
    // relay may still evict an entry while the test runs: the fewest queries of a few reads is the warm page's count
    const warm = async (pageSize: number) => {
      const runs = [];
      for (let i = 0; i < 4; i++) runs.push(await queriesFor(pageSize));
      return runs.reduce((best, run) => (run.queries < best.queries ? run : best));
    };
    const small = await warm(20);
    const large = await warm(100);
    expect(small.rows).toBe(20);
    expect(large.rows).toBe(100);
    expect(large.queries).toBe(small.queries);
    // the page, its count, the members, and four kinds of context (plus the session and its touch)
    expect(large.queries).toBeLessThanOrEqual(12);
  });
});
