import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit.api.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, chatMember, text } from './chat-fixtures.ts';

/** Taking a conversation by answering it is an assignment like taking it by hand: it writes `chat.assign`. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(async () => {
  expect((await verifyAuditChain(t.ctx.db)).problems).toEqual([]);
  await t.close();
});

const auditsOf = async (id: number) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `chat:${id}`))
      .orderBy(auditLog.id)
  ).map((a) => ({
    action: a.action,
    operator: a.operator,
    before: a.before,
    after: a.after,
  }));

describe('chat reply takes the conversation', () => {
  it('the first reply to an unassigned conversation writes chat.assign; later replies write nothing more', async () => {
    const m = await chatMember(t, 'REPLY ASSIGN');
    expect((await call(t, 'POST', '/api/chat/send-message', { token: m.token }, text('need help'))).status).toBe(200);
    const inbox = await call(t, 'POST', '/api/admin/chat/conversations', { token: admin }, { filter: 'unassigned' });
    const conversations = (inbox.body as { conversations: Array<{ id: number; memberId: number | null }> })
      .conversations;
    const id = conversations.find((c) => c.memberId === m.id)!.id;
    expect(await auditsOf(id)).toEqual([]);

    const reply = () => call(t, 'POST', `/api/admin/chat/conversations/${id}/reply`, { token: admin }, text('hello'));
    expect((await reply()).status).toBe(200);
    expect(await auditsOf(id)).toEqual([
      {
        action: 'chat.assign',
        operator: 'admin',
        before: { assignee: null },
        after: { assignee: 'admin', by: 'reply' },
      },
    ]);
    expect((await reply()).status).toBe(200);
    expect(await auditsOf(id)).toHaveLength(1);

    // released by hand, then answered again: taken again, audited again
    await call(t, 'POST', `/api/admin/chat/conversations/${id}/assign`, { token: admin }, { to: 'nobody' });
    expect((await reply()).status).toBe(200);
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(['chat.assign', 'chat.assign', 'chat.assign']);
  });
});
