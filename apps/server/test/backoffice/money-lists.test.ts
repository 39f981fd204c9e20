import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit.api.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';
import { withdrawalsInBatches, type WithdrawalOrder } from '../../src/modules/withdrawals/withdrawals.api.ts';
import { operators } from './backoffice-helpers.ts';

/**
 * The withdrawals list's server-side order and member filter (docs/operator-console.md), and the CSV export
 * writing the rows the list shows, in its order.
 */
let h: WithdrawalsHarness;
let tok: Record<string, string>;
type M = Awaited<ReturnType<WithdrawalsHarness['member']>>;
let alice: M;
let bob: M;
let aliceUsername = '';

type Row = { id: string; memberId: number; amount: number; status: string; createdAt: string };
const list = async (query: string) => {
  const res = await h.call(tok.fin!, 'GET', `/api/admin/withdrawals?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { rows: Row[]; total: number };
};
const withdraw = (m: M, amount: number, key: string) =>
  h.call(m.token, 'POST', '/api/wallet/withdraw', { amount }, { 'idempotency-key': key });

beforeAll(async () => {
  h = await createWithdrawalsHarness();
  await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 0 });
  tok = await operators(h.t, { fin: ['finance'] });
  alice = await h.member(5_000_00n);
  bob = await h.member(5_000_00n);
  aliceUsername = (await h.t.ctx.db.select().from(members).where(eq(members.id, alice.id)))[0]!.username;
  // one second apart: the order by time is decided by time, not by the random ids of rows of one instant
  for (const [m, amount, key] of [
    [alice, 150, 'a1'],
    [bob, 900, 'b1'],
    [alice, 320.5, 'a2'],
    [bob, 100, 'b2'],
  ] as const) {
    const res = await withdraw(m, amount, `${key}-${m.id}`);
    expect(res.status, `${amount} ${JSON.stringify(res.body)}`).toBe(200);
    h.t.clock.advance(1_000);
  }
  // one of alice's is decided: the queue puts pending review before it
  const first = (await list(`member=${alice.id}&sort=createdAt&dir=asc`)).rows[0]!;
  expect(
    (await h.call(tok.fin!, 'POST', `/api/admin/withdrawals/${first.id}/reject`, { reason: 'OTHER' })).status,
  ).toBe(200);
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  expect((await verifyAuditChain(h.t.ctx.db)).problems).toEqual([]);
  await h.close();
});

describe('the withdrawals list', () => {
  it('sorts on the server by amount, time and status, both ways, with a stable order', async () => {
    expect((await list('sort=amount&dir=desc')).rows.map((r) => r.amount)).toEqual([900, 320.5, 150, 100]);
    expect((await list('sort=amount&dir=asc')).rows.map((r) => r.amount)).toEqual([100, 150, 320.5, 900]);
    const byTime = (await list('sort=createdAt&dir=desc')).rows.map((r) => r.createdAt);
    expect(byTime).toEqual([...byTime].sort().reverse());
    const byStatus = (await list('sort=status&dir=asc')).rows.map((r) => r.status);
    expect(byStatus).toEqual(['pending_review', 'pending_review', 'pending_review', 'rejected']);
    // pages of a sorted list neither repeat nor skip a row
    const pages = [
      ...(await list('sort=amount&dir=asc&pageSize=1&page=1')).rows,
      ...(await list('sort=amount&dir=asc&pageSize=1&page=2')).rows,
      ...(await list('sort=amount&dir=asc&pageSize=1&page=3')).rows,
      ...(await list('sort=amount&dir=asc&pageSize=1&page=4')).rows,
    ];
    expect(pages.map((r) => r.amount)).toEqual([100, 150, 320.5, 900]);
  });

  it('keeps the queue order by default: pending review first, oldest first', async () => {
    const rows = (await list('')).rows;
    expect(rows.map((r) => r.amount)).toEqual([900, 320.5, 100, 150]);
  });

  it('filters by member id, username and phone written with dashes or spaces; no match is an empty page', async () => {
    const ids = async (member: string) =>
      (await list(`member=${encodeURIComponent(member)}`)).rows.map((r) => r.memberId);
    expect(await ids(String(alice.id))).toEqual([alice.id, alice.id]);
    expect(await ids(aliceUsername)).toEqual([alice.id, alice.id]);
    const dashed = `${aliceUsername.slice(0, 3)}-${aliceUsername.slice(3, 6)} ${aliceUsername.slice(6)}`;
    expect(await ids(dashed)).toEqual([alice.id, alice.id]);
    expect(await list('member=0999999999')).toEqual(expect.objectContaining({ rows: [], total: 0 }));
    const both = await list(`member=${bob.id}&status=pending_review&sort=amount&dir=asc`);
    expect(both.rows.map((r) => r.amount)).toEqual([100, 900]);
    expect(both.total).toBe(2);
  });

  it('exports the rows the list shows, in its order', async () => {
    const res = await h.t.app.inject({
      method: 'GET',
      url: `/api/admin/exports/withdrawals.csv?member=${aliceUsername}&sort=amount&dir=desc`,
      headers: { authorization: `Bearer ${tok.fin!}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/).slice(1);
    expect(lines.map((l) => l.split(',')[8])).toEqual(['320.50', '150.00']);
    const all = await h.t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/withdrawals.csv?sort=amount&dir=asc',
      headers: { authorization: `Bearer ${tok.fin!}` },
    });
    expect(
      all.body
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((l) => l.split(',')[8]),
    ).toEqual(['100.00', '150.00', '320.50', '900.00']);
  });

  it('reads the export in batches along the order itself (a keyset on its columns): no row twice, none missed', async () => {
    for (const [order, query] of [
      [{ sort: 'amount', dir: 'desc' }, 'sort=amount&dir=desc'],
      [{ sort: 'queue', dir: 'asc' }, ''],
      [{ sort: 'status', dir: 'desc' }, 'sort=status&dir=desc'],
      [{ sort: 'createdAt', dir: 'asc' }, 'sort=createdAt&dir=asc'],
    ] as Array<[WithdrawalOrder, string]>) {
      const ids: string[] = [];
      for await (const batch of withdrawalsInBatches(h.t.ctx.db, {}, order, 1)) ids.push(...batch.map((w) => w.id));
      expect(ids, query).toEqual((await list(query)).rows.map((r) => r.id));
    }
  });
});

describe('the adjustments and audit lists', () => {
  it('sort adjustments by amount and member, and the audit log by operator and action, on the server', async () => {
    for (const [m, amount] of [
      [alice, '700'],
      [bob, '-300'],
      [alice, '1200'],
    ] as const) {
      const res = await h.call(
        tok.fin!,
        'POST',
        `/api/admin/members/${m.id}/adjustments`,
        { amount, reason: 'goodwill' },
        { 'idempotency-key': `adj-${m.id}-${amount}` },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const adjustments = async (query: string) => {
      const res = await h.call(tok.fin!, 'GET', `/api/admin/adjustments?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.rows as Array<{ amount: string; memberId: number }>).map((r) => [r.memberId, String(r.amount)]);
    };
    expect(await adjustments('sort=amount&dir=asc')).toEqual([
      [bob.id, '-300'],
      [alice.id, '700'],
      [alice.id, '1200'],
    ]);
    expect((await adjustments('sort=memberId&dir=desc'))[0]).toEqual([bob.id, '-300']);
    const audit = async (query: string) => {
      const res = await h.call(tok.admin!, 'GET', `/api/admin/audit?${query}&pageSize=100`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.rows as Array<{ id: number; action: string; operator: string }>;
    };
    const byAction = (await audit('sort=action&dir=asc')).map((r) => r.action);
    expect(byAction).toEqual([...byAction].sort());
    const newest = (await audit('')).map((r) => r.id);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });
});
