import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { auditLog } from '../../src/db/schema/audit.ts';
import { sessions } from '../../src/db/schema/auth.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit.api.ts';
import { SEARCH_RULE } from '../../src/modules/backoffice/search.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';
import { operators } from './backoffice-helpers.ts';

/** The member 360 page's reads and notes, the global search and the withdrawals CSV export (ADR 0034). */
let h: WithdrawalsHarness;
let tok: Record<string, string>;
type M = Awaited<ReturnType<WithdrawalsHarness['member']>>;
let alice: M;
let bob: M;
let carol: M;

const as = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  h.call(token, method, url, body);
const withdraw = (m: M, amount: number, key: string) =>
  h.call(m.token, 'POST', '/api/wallet/withdraw', { amount }, { 'idempotency-key': key });

beforeAll(async () => {
  h = await createWithdrawalsHarness();
  tok = await operators(h.t, { fin: ['finance'], sup: ['support'], mkt: ['marketing'], busy: ['support'] });
  alice = await h.member(5_000_00n);
  bob = await h.member(5_000_00n);
  carol = await h.member();
  await h.t.ctx.db.update(members).set({ name: '=HYPERLINK("http://x")' }).where(eq(members.id, alice.id));
  await h.t.ctx.db.update(members).set({ name: 'สมชาย ใจดี' }).where(eq(members.id, bob.id));
  // alice and carol signed in from one address
  const expiresAt = new Date(Date.now() + 86_400_000);
  await h.t.ctx.db.insert(sessions).values([
    { id: `s360-a-${alice.id}`, memberId: alice.id, expiresAt, ip: '203.0.113.77' },
    { id: `s360-c-${carol.id}`, memberId: carol.id, expiresAt, ip: '203.0.113.77' },
  ]);
  expect((await withdraw(alice, 150, `w1-${alice.id}`)).status).toBe(200);
  // a second later: "newest first" is decided by time, not by the random ids of two rows of one instant
  h.t.clock.advance(1_000);
  expect((await withdraw(alice, 320.5, `w2-${alice.id}`)).status).toBe(200);
  expect((await withdraw(bob, 200, `w1-${bob.id}`)).status).toBe(200);
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  expect((await verifyAuditChain(h.t.ctx.db)).problems).toEqual([]);
  await h.close();
});

describe('notes', () => {
  it('an operator adds a note: listed newest first with author and time, audited', async () => {
    const url = `/api/admin/members/${alice.id}/notes`;
    expect((await as(tok.sup!, 'POST', url, { body: 'Called: asked about bonus' })).status).toBe(200);
    const second = await as(tok.fin!, 'POST', url, { body: '  ขอเอกสารยืนยันตัวตน  ' });
    expect(second.status).toBe(200);
    expect(second.body.note).toMatchObject({ body: 'ขอเอกสารยืนยันตัวตน', operator: 'fin', memberId: alice.id });
    const list = await as(tok.sup!, 'GET', `${url}?page=1&pageSize=20`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.rows.map((r: { operator: string }) => r.operator)).toEqual(['fin', 'sup']);
    const audit = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `member:${alice.id}`), eq(auditLog.action, 'member.note')));
    expect(audit.map((a) => a.operator).sort()).toEqual(['fin', 'sup']);
  });

  it('refuses an empty note, an unknown member and a role without the member page', async () => {
    expect((await as(tok.sup!, 'POST', `/api/admin/members/${alice.id}/notes`, { body: '   ' })).status).toBe(400);
    const missing = await as(tok.sup!, 'POST', '/api/admin/members/999999/notes', { body: 'x' });
    expect(missing.status).toBe(404);
    expect((await as(tok.mkt!, 'GET', `/api/admin/members/${alice.id}/notes`)).status).toBe(403);
  });
});

describe('member tabs', () => {
  it("lists the member's withdrawals newest first, for finance only", async () => {
    const res = await as(tok.fin!, 'GET', `/api/admin/members/${alice.id}/withdrawals?pageSize=20`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.rows.map((r: { amount: number }) => r.amount)).toEqual([320.5, 150]);
    expect((await as(tok.sup!, 'GET', `/api/admin/members/${alice.id}/withdrawals`)).status).toBe(403);
    const deposits = await as(tok.fin!, 'GET', `/api/admin/members/${alice.id}/deposits`);
    expect(deposits.body).toMatchObject({ total: 0, rows: [] });
  });

  it('links members who signed in from one address', async () => {
    const res = await as(tok.sup!, 'GET', `/api/admin/members/${alice.id}/linked`);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        member: expect.objectContaining({ id: carol.id }),
        reasons: ['ip'],
        ips: ['203.0.113.77'],
      }),
    ]);
    expect((await as(tok.sup!, 'GET', `/api/admin/members/${bob.id}/linked`)).body.rows).toEqual([]);
  });
});

describe('global search', () => {
  it('finds a member by phone with the account masked; money rows only for finance', async () => {
    const [row] = await h.t.ctx.db.select().from(members).where(eq(members.id, bob.id));
    const res = await as(tok.sup!, 'GET', `/api/admin/search?q=${row!.username}`);
    expect(res.status).toBe(200);
    expect(res.body.members).toEqual([
      {
        id: bob.id,
        name: 'สมชาย ใจดี',
        username: row!.username,
        bankAccount: `•••${bob.bankAccountNo.slice(-4)}`,
        status: 'active',
      },
    ]);
    const [w] = await h.withdrawalsOf(bob.id);
    const asSupport = await as(tok.sup!, 'GET', `/api/admin/search?q=${w!.id}`);
    expect(asSupport.body).toMatchObject({ withdrawals: [], deposits: [] });
    const asFinance = await as(tok.fin!, 'GET', `/api/admin/search?q=${w!.id}`);
    expect(asFinance.body.withdrawals).toEqual([
      expect.objectContaining({ id: w!.id, memberId: bob.id, memberName: 'สมชาย ใจดี', amount: 200 }),
    ]);
    // an exact id only: a prefix finds nothing
    expect((await as(tok.fin!, 'GET', `/api/admin/search?q=${w!.id.slice(0, 6)}`)).body.withdrawals).toEqual([]);
    expect((await as(tok.mkt!, 'GET', '/api/admin/search?q=08')).status).toBe(403);
  });

  it('is rate-limited per operator', async () => {
    for (let i = 0; i < SEARCH_RULE.limit; i += 1) {
      expect((await as(tok.busy!, 'GET', '/api/admin/search?q=zz')).status).toBe(200);
    }
    const over = await as(tok.busy!, 'GET', '/api/admin/search?q=zz');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('REQUEST_LIMIT');
    // another operator is not slowed down
    expect((await as(tok.sup!, 'GET', '/api/admin/search?q=zz')).status).toBe(200);
  });
});

describe('member list sorting', () => {
  const ids = async (query: string) => {
    const res = await as(tok.sup!, 'GET', `/api/admin/members?pageSize=100&${query}`);
    expect(res.status).toBe(200);
    return (res.body.rows as Array<{ id: number }>)
      .map((r) => r.id)
      .filter((id) => [alice.id, bob.id, carol.id].includes(id));
  };

  it('sorts on a whitelisted column in either direction, id by default, and refuses any other column', async () => {
    expect(await ids('')).toEqual([carol.id, bob.id, alice.id]);
    expect(await ids('sort=id&dir=asc')).toEqual([alice.id, bob.id, carol.id]);
    const byName = await ids('sort=name&dir=asc');
    expect(byName).toHaveLength(3);
    expect(await ids('sort=name&dir=desc')).toEqual([...byName].reverse());
    for (const bad of ['password_hash', 'id;drop table members', 'bankAccountNo']) {
      expect((await as(tok.sup!, 'GET', `/api/admin/members?sort=${encodeURIComponent(bad)}`)).status).toBe(400);
    }
  });
});

describe('withdrawals CSV export', () => {
  const exportCsv = (token: string, query: string) =>
    h.t.app.inject({
      method: 'GET',
      url: `/api/admin/exports/withdrawals.csv?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('streams the filtered rows: BOM, header, baht amounts, Bangkok dates, formula-safe, audited', async () => {
    const res = await exportCsv(tok.fin!, `memberId=${alice.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="withdrawals-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFcreated_bangkok,withdrawal_id,')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    const rows = lines.slice(1);
    expect(rows.map((l) => l.split(',')[8])).toEqual(['150.00', '320.50']);
    expect(rows[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2},/);
    expect(rows[0]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const audit = await h.t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'export.withdrawals'));
    expect(audit.at(-1)).toMatchObject({ operator: 'fin', after: { filter: { memberId: alice.id } } });
  });

  it('keeps Thai text as UTF-8 and refuses roles without finance', async () => {
    const res = await exportCsv(tok.fin!, `memberId=${bob.id}&status=pending_review`);
    expect(res.rawPayload.toString('utf8')).toContain('สมชาย ใจดี');
    expect((await exportCsv(tok.sup!, '')).statusCode).toBe(403);
  });
});
