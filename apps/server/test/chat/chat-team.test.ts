import { socketRooms } from '@wallet/contract/socket-events';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit.api.ts';
import { adminToken, enrolledOperator } from '../operators/operator-helpers.ts';
import { createTestApp, deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { call, chatMember, text } from './chat-fixtures.ts';

/** The chat team's tools (docs/decisions/0035-chat-team-and-api-client.md). */
let t: TestApp;
let admin: string;
let agentB: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  agentB = await enrolledOperator(t, admin, 'team_agent_b', ['support']);
}, 120_000);
afterAll(async () => {
  expect((await verifyAuditChain(t.ctx.db)).problems).toEqual([]);
  await t.close();
});

type Summary = {
  id: number;
  memberId: number | null;
  assignee: { username: string } | null;
  labels: { name: string }[];
};
type AdminMsg = { note: boolean; author: string | null; sender: string; message: { payload?: unknown } };
const post = (token: string, url: string, body?: unknown) => call(t, 'POST', url, { token }, body);

async function openConversation(name: string) {
  const m = await chatMember(t, name);
  expect((await call(t, 'POST', '/api/chat/send-message', { token: m.token }, text(`help ${name}`))).status).toBe(200);
  const inbox = (await post(admin, '/api/admin/chat/conversations', {})).body as { conversations: Summary[] };
  return { member: m, id: inbox.conversations.find((c) => c.memberId === m.id)!.id };
}

const actions = async (target: string) =>
  (await t.ctx.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id)).map((a) => a.action);

describe('private notes', () => {
  it('operators see the note in the conversation; the member never does (history, socket, unread)', async () => {
    const { member, id } = await openConversation('NOTE MEMBER');
    await deliverOutbox(t);
    const rooms: { room: string; event: string; payload: unknown }[] = [];
    const spy = vi.spyOn(t.ctx.realtime, 'toRoom').mockImplementation((room, event, ...payload) => {
      rooms.push({ room, event, payload: payload[0] });
    });
    const pushes = vi.spyOn(t.ctx.realtime, 'push');
    try {
      expect(
        (await post(admin, `/api/admin/chat/conversations/${id}/note`, { text: 'VIP: call back after 6' })).status,
      ).toBe(200);
      await deliverOutbox(t);
    } finally {
      spy.mockRestore();
    }
    // to the operators only, flagged as a note with its author; nothing to the member's room or badge
    const notePushes = rooms.filter((r) => JSON.stringify(r.payload).includes('VIP: call back'));
    expect(notePushes.map((r) => r.room)).toEqual([socketRooms.operators]);
    expect(notePushes[0]!.payload).toMatchObject({ note: true, author: 'admin' });
    expect(pushes).not.toHaveBeenCalled();
    pushes.mockRestore();

    const history = (await call(t, 'POST', '/api/chat/history', { token: member.token }, { limit: 50, skip: 0 }))
      .body as { message: { payload: unknown } }[];
    expect(history.map((m) => m.message.payload)).toEqual(['help NOTE MEMBER']);
    expect((await call(t, 'GET', '/api/chat/unread', { token: member.token })).body).toMatchObject({ count: 0 });

    const seen = (await post(admin, `/api/admin/chat/conversations/${id}`, {})).body as {
      messages: AdminMsg[];
      conversation: { status: string; lastMessage: string };
    };
    expect(seen.messages.map((m) => [m.note, m.message.payload])).toEqual([
      [false, 'help NOTE MEMBER'],
      [true, 'VIP: call back after 6'],
    ]);
    // a note leaves the inbox row alone: still waiting, preview the customer's message
    expect(seen.conversation).toMatchObject({ status: 'open', lastMessage: 'help NOTE MEMBER' });
    expect(await actions(`chat:${id}`)).toEqual(['chat.note']);
  });
});

describe('reassign, labels, search', () => {
  it('gives a conversation to a named agent who then finds it under mine; audited', async () => {
    const { id } = await openConversation('REASSIGN MEMBER');
    const agents = (await post(admin, '/api/admin/chat/agents')).body as { agents: { id: number; username: string }[] };
    expect(agents.agents.map((a) => a.username)).toEqual(expect.arrayContaining(['admin', 'team_agent_b']));
    const res = await post(admin, `/api/admin/chat/conversations/${id}/assign`, { to: agentB.id });
    expect(res.body).toMatchObject({ conversation: { assignee: { id: agentB.id, username: 'team_agent_b' } } });
    const mine = (await post(agentB.token, '/api/admin/chat/conversations', { filter: 'mine' })).body as {
      conversations: Summary[];
    };
    expect(mine.conversations.map((c) => c.id)).toEqual([id]);
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `chat:${id}`));
    expect(row).toMatchObject({ action: 'chat.assign', operator: 'admin', after: { assignee: 'team_agent_b' } });
  });

  it('labels a conversation, filters the inbox by label and searches message text and member name', async () => {
    const a = await openConversation('SOMCHAI LABELLED');
    const b = await openConversation('OTHER PERSON');
    await post(admin, `/api/admin/chat/conversations/${b.id}/reply`, {
      message: { message_type: 'text', payload: 'your slip 7781 is fine' },
    });
    const created = await post(admin, '/api/admin/chat/labels/create', { name: 'VIP', color: 'purple' });
    expect(created.status).toBe(200);
    const label = (created.body as { label: { id: number } }).label;
    // the same name again (any case) is refused
    expect((await post(admin, '/api/admin/chat/labels/create', { name: 'vip', color: 'red' })).body).toMatchObject({
      message: 'KEY_INVALID',
    });
    const set = await post(agentB.token, `/api/admin/chat/conversations/${a.id}/labels`, { labelIds: [label.id] });
    expect(set.body).toMatchObject({ labels: [{ name: 'VIP', color: 'purple' }] });

    const byLabel = (await post(admin, '/api/admin/chat/conversations', { labelId: label.id })).body as {
      conversations: Summary[];
    };
    expect(byLabel.conversations.map((c) => c.id)).toEqual([a.id]);
    expect(byLabel.conversations[0]!.labels.map((l) => l.name)).toEqual(['VIP']);

    const search = async (q: string) =>
      (
        (await post(admin, '/api/admin/chat/conversations', { q })).body as { conversations: Summary[] }
      ).conversations.map((c) => c.id);
    expect(await search('slip 7781')).toEqual([b.id]);
    expect(await search('somchai')).toEqual([a.id]);
    expect(await search('%')).toEqual([]);
    expect(await actions(`chat:${a.id}`)).toEqual(['chat.labels']);

    // deleting the label takes it off every conversation
    expect((await post(admin, `/api/admin/chat/labels/${label.id}/delete`)).status).toBe(200);
    expect(
      ((await post(admin, '/api/admin/chat/conversations', { labelId: label.id })).body as { conversations: [] })
        .conversations,
    ).toEqual([]);
  });
});

describe('canned replies and past conversations', () => {
  it('keeps one reply per short code and language; changes and deletes are audited', async () => {
    const save = (body: object) => post(admin, '/api/admin/chat/canned-replies/save', body);
    const th = await save({ shortCode: 'hello', language: 'th', text: 'สวัสดีค่ะ' });
    const en = await save({ shortCode: 'hello', language: 'en', text: 'Hello!' });
    expect([th.status, en.status]).toEqual([200, 200]);
    expect((await save({ shortCode: 'hello', language: 'th', text: 'again' })).body).toMatchObject({
      message: 'KEY_INVALID',
    });
    const id = (en.body as { reply: { id: number } }).reply.id;
    expect((await save({ id, shortCode: 'hello', language: 'en', text: 'Hello, how can I help?' })).status).toBe(200);
    const list = (await post(admin, '/api/admin/chat/canned-replies', { language: 'en' })).body as {
      replies: { shortCode: string; text: string }[];
    };
    expect(list.replies).toEqual([expect.objectContaining({ shortCode: 'hello', text: 'Hello, how can I help?' })]);
    expect((await post(admin, `/api/admin/chat/canned-replies/${id}/delete`)).status).toBe(200);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(like(auditLog.target, 'chat-canned:%'))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual([
      'chat.canned.create',
      'chat.canned.create',
      'chat.canned.update',
      'chat.canned.delete',
    ]);
  });

  it("lists a member's conversations per session and opens a past one", async () => {
    const { member, id } = await openConversation('PAST MEMBER');
    await post(admin, `/api/admin/chat/conversations/${id}/resolve`);
    await call(t, 'POST', '/api/chat/send-message', { token: member.token }, text('second visit'));
    const past = (await post(admin, `/api/admin/chat/members/${member.id}/conversations`)).body as {
      conversations: { sessionId: string; preview: string; current: boolean; messages: number }[];
    };
    expect(past.conversations.map((c) => [c.preview, c.current, c.messages])).toEqual([
      ['second visit', true, 1],
      ['help PAST MEMBER', false, 1],
    ]);
    const old = (
      await post(admin, `/api/admin/chat/conversations/${id}`, { sessionId: past.conversations[1]!.sessionId })
    ).body as { messages: AdminMsg[] };
    expect(old.messages.map((m) => m.message.payload)).toEqual(['help PAST MEMBER']);
    expect(
      ((await post(admin, '/api/admin/chat/members/999999/conversations')).body as { conversations: [] }).conversations,
    ).toEqual([]);
  });
});
