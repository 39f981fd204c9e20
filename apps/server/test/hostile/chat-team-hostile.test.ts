import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { call, chatMember, text } from '../chat/chat-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken, enrolledOperator } from '../operators/operator-helpers.ts';

/**
 * The chat team's endpoints (docs/decisions/0035-chat-team-and-api-client.md) under hostile callers and input:
 * roles hold, object references are checked, bad input is a clear 400 and changes nothing.
 */
let t: TestApp;
let admin: string;
let marketing: { id: number; token: string };
let conversationId: number;
let member: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  marketing = await enrolledOperator(t, admin, 'hostile_marketing', ['marketing']);
  member = await chatMember(t, 'HOSTILE TEAM');
  await call(t, 'POST', '/api/chat/send-message', { token: member.token }, text('hi'));
  const inbox = (await call(t, 'POST', '/api/admin/chat/conversations', { token: admin }, {})).body as {
    conversations: { id: number; memberId: number | null }[];
  };
  conversationId = inbox.conversations.find((c) => c.memberId === member.id)!.id;
}, 120_000);
afterAll(() => t.close());

const post = (token: string, url: string, body?: unknown) => call(t, 'POST', url, { token }, body);
const auditCount = async () =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `chat:${conversationId}`))
  ).length;

const TEAM_CALLS: [string, unknown][] = [
  ['/api/admin/chat/agents', undefined],
  ['/api/admin/chat/labels', undefined],
  ['/api/admin/chat/labels/create', { name: 'X', color: 'red' }],
  ['/api/admin/chat/labels/1/delete', undefined],
  ['/api/admin/chat/conversations/1/labels', { labelIds: [] }],
  ['/api/admin/chat/conversations/1/note', { text: 'x' }],
  ['/api/admin/chat/canned-replies', {}],
  ['/api/admin/chat/canned-replies/save', { shortCode: 'x', language: 'th', text: 'x' }],
  ['/api/admin/chat/canned-replies/1/delete', undefined],
  ['/api/admin/chat/members/1/conversations', undefined],
];

describe('chat team endpoints: who may call', () => {
  it.each(TEAM_CALLS)('%s refuses an operator without a chat role, a member token and no token', async (url, body) => {
    expect((await post(marketing.token, url, body)).body).toMatchObject({ message: 'FORBIDDEN' });
    expect((await post(member.token, url, body)).status).toBe(401);
    expect((await call(t, 'POST', url, {}, body)).status).toBe(401);
  });
});

describe('chat team endpoints: hostile input', () => {
  it('assigns only to an agent: a marketing operator or a made-up id is KEY_INVALID and changes nothing', async () => {
    const before = await auditCount();
    for (const to of [marketing.id, 2_000_000, 0, -1, 'admin', 1.5]) {
      const res = await post(admin, `/api/admin/chat/conversations/${conversationId}/assign`, { to });
      expect(res.status, String(to)).toBe(400);
    }
    expect(await auditCount()).toBe(before);
  });

  it('labels: unknown ids, too many, markup in names are refused; an unknown conversation is NOT_FOUND', async () => {
    const url = `/api/admin/chat/conversations/${conversationId}/labels`;
    expect((await post(admin, url, { labelIds: [2_000_000] })).body).toMatchObject({ message: 'KEY_INVALID' });
    expect((await post(admin, url, { labelIds: Array.from({ length: 21 }, (_, i) => i + 1) })).status).toBe(400);
    expect((await post(admin, url, { labelIds: ['1 or 1=1'] })).status).toBe(400);
    expect((await post(admin, '/api/admin/chat/conversations/2000000/labels', { labelIds: [] })).body).toMatchObject({
      message: 'NOT_FOUND',
    });
    for (const name of ['<img src=x onerror=alert(1)>', '', ' ', 'x'.repeat(41)]) {
      expect((await post(admin, '/api/admin/chat/labels/create', { name, color: 'red' })).status, name).toBe(400);
    }
    expect((await post(admin, '/api/admin/chat/labels/create', { name: 'ok', color: 'javascript:' })).status).toBe(400);
    expect((await post(admin, '/api/admin/chat/labels/2000000/delete')).body).toMatchObject({ message: 'NOT_FOUND' });
  });

  it('notes: empty, too long, NUL bytes and unknown conversations are refused, nothing written', async () => {
    const before = await auditCount();
    const url = `/api/admin/chat/conversations/${conversationId}/note`;
    for (const bad of ['', '   ', 'x'.repeat(2001), 'a\u0000b', 42, null]) {
      expect((await post(admin, url, { text: bad })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await post(admin, '/api/admin/chat/conversations/2000000/note', { text: 'x' })).body).toMatchObject({
      message: 'NOT_FOUND',
    });
    expect((await post(admin, '/api/admin/chat/conversations/99999999999/note', { text: 'x' })).status).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it('canned replies: bad codes, languages and ids are refused', async () => {
    const save = (body: object) => post(admin, '/api/admin/chat/canned-replies/save', body);
    for (const body of [
      { shortCode: 'has space', language: 'th', text: 'x' },
      { shortCode: '<b>', language: 'th', text: 'x' },
      { shortCode: 'ok', language: 'fr', text: 'x' },
      { shortCode: 'ok', language: 'th', text: '' },
      { shortCode: 'ok', language: 'th', text: 'x'.repeat(2001) },
      { shortCode: 'x'.repeat(31), language: 'th', text: 'x' },
    ]) {
      expect((await save(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await save({ id: 2_000_000, shortCode: 'ok', language: 'th', text: 'x' })).body).toMatchObject({
      message: 'NOT_FOUND',
    });
    expect((await post(admin, '/api/admin/chat/canned-replies/2000000/delete')).body).toMatchObject({
      message: 'NOT_FOUND',
    });
  });

  it("a member's conversations: ids out of range are 400; the member never sees another's via the player API", async () => {
    expect((await post(admin, '/api/admin/chat/members/abc/conversations')).status).toBe(400);
    expect((await post(admin, '/api/admin/chat/members/0/conversations')).status).toBe(400);
    // the player's history is its own conversation only, notes or not
    await post(admin, `/api/admin/chat/conversations/${conversationId}/note`, { text: 'secret note' });
    const other = await chatMember(t, 'OTHER MEMBER');
    const history = await call(
      t,
      'POST',
      '/api/chat/history',
      { token: other.token },
      { limit: 50, skip: 0, userId: String(member.id) },
    );
    expect(history.body).toMatchObject({ message: 'FORBIDDEN' });
    const own = (await call(t, 'POST', '/api/chat/history', { token: member.token }, { limit: 50, skip: 0 })).body;
    expect(JSON.stringify(own)).not.toContain('secret note');
  });
});
