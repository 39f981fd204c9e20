import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { outboxEvents } from '../../src/db/schema/events.ts';
import { AccountRepository } from '../../src/modules/account/account.repository.ts';
import type { EventType } from '../../src/events/event-map.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Where the first domain events are emitted (ADR 0010): one outbox row, in the changing transaction. */
let t: TestApp;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [member] = await t.ctx.db.select({ id: members.id }).from(members).limit(1);
  memberId = member!.id;
});
afterAll(() => t.close());

const eventsOf = async (type: EventType) =>
  (await t.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.type, type)).orderBy(asc(outboxEvents.id))).map(
    (e) => e.payload,
  );

describe('domain events at their source', () => {
  it('session.revoked on logout and on revoking all of a member’s other sessions', async () => {
    const keep = await t.ctx.sessions.verify(await t.ctx.sessions.create(memberId));
    const one = await t.ctx.sessions.verify(await t.ctx.sessions.create(memberId));
    const two = await t.ctx.sessions.verify(await t.ctx.sessions.create(memberId));
    await t.ctx.sessions.revoke(one.sessionId);
    await t.ctx.sessions.revoke(one.sessionId); // already revoked: nothing more
    expect(await t.ctx.sessions.revokeAll(memberId, keep.sessionId)).toBeGreaterThanOrEqual(1);
    const events = await eventsOf('session.revoked');
    expect(events).toContainEqual({ memberId, sessionId: one.sessionId, reason: 'logout' });
    expect(events).toContainEqual({ memberId, sessionId: two.sessionId, reason: 'password-change' });
    expect(events.filter((e) => (e as { sessionId: string }).sessionId === one.sessionId)).toHaveLength(1);
    expect(events.some((e) => (e as { sessionId: string }).sessionId === keep.sessionId)).toBe(false);
  });

  it('member.updated names the changed fields (never a password hash) when a member row changes', async () => {
    const repo = new AccountRepository(t.ctx.db);
    await repo.updateMember(memberId, { name: 'New Name', bankAccountName: 'NEW NAME' }, t.clock.now());
    await repo.updateMember(memberId, { passwordHash: 'not-a-real-hash' }, t.clock.now());
    expect(await eventsOf('member.updated')).toEqual([
      { memberId, fields: ['name', 'bankAccountName'] },
      { memberId, fields: ['password'] },
    ]);
  });
});
