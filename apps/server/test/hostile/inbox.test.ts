import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit } from '../../src/events/emit.ts';
import { createTestApp, deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../idempotency/wallet-test-module.ts';

/** Hand-picked hostile inputs for the inbox (docs/decisions/0043-in-app-notifications.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function entryOf(memberId: number): Promise<string> {
  await t.ctx.db.transaction((tx) =>
    emit(tx, { type: 'withdrawal.changed', payload: { memberId, withdrawalId: `H${memberId}`, status: 'paid' } }),
  );
  await deliverOutbox(t);
  return String(memberId);
}

describe('inbox, hostile input', () => {
  it("another member's entry cannot be read, marked or listed: NOT_FOUND, and it stays unread", async () => {
    const owner = await createMember(t);
    const other = await createMember(t);
    await entryOf(owner.id);
    const mine = await t.app.inject({ url: '/api/inbox', headers: owner.auth });
    const id = mine.json().entries[0].id as string;

    const res = await t.app.inject({ method: 'POST', url: `/api/inbox/${id}/read`, headers: other.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'POST', url: '/api/inbox/read-all', headers: other.auth })).json()).toEqual({
      unread: 0,
    });
    expect((await t.app.inject({ url: '/api/inbox', headers: other.auth })).json()).toEqual({
      total: 0,
      unread: 0,
      entries: [],
    });
    expect((await t.app.inject({ url: '/api/inbox/unread', headers: owner.auth })).json()).toEqual({ unread: 1 });
  });

  it('ids and paging that are not numbers in range: KEY_INVALID or NOT_FOUND, never a 500', async () => {
    const m = await createMember(t);
    for (const id of ['abc', '-1', '1.5', '9'.repeat(19), "1'or'1'='1", '%00', '0']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/inbox/${id}/read`, headers: m.auth });
      expect(res.statusCode, id).toBeLessThan(500);
      expect(['KEY_INVALID', 'NOT_FOUND'], id).toContain(res.json().message);
    }
    for (const query of ['page=0', 'limit=51', 'limit=-1', 'page=x', 'limit=1e9', 'page=100001']) {
      const res = await t.app.inject({ url: `/api/inbox?${query}`, headers: m.auth });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message: 'KEY_INVALID' });
    }
  });

  it('every inbox endpoint without a session: 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/inbox'],
      ['GET', '/api/inbox/unread'],
      ['POST', '/api/inbox/1/read'],
      ['POST', '/api/inbox/read-all'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
