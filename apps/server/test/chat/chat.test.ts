import { SignJWT } from 'jose';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { connectSocket, nextEvent, type TestSocket } from '../realtime/socket-client.ts';
import { call, chatMember, guest, text, tinyMp4, upload } from './chat-fixtures.ts';

type Msg = {
  _id: string;
  sender: string;
  session_id: string;
  message: { message_type: string; payload?: unknown };
  userId?: string;
  guestId?: string;
};

let t: TestApp;
let base: string;
let png: Buffer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  // JOBS on: the outbox relay delivers chat.message to the sockets
  t = await createTestApp({ env: { JOBS: 'true' } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#08f' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const socket = async (auth: { kind: 'member' | 'guest' | 'operator'; token: string }) => {
  const s = await connectSocket(base, auth);
  sockets.push(s);
  return s;
};

describe('guests', () => {
  it('issues a signed guest id, renews a valid token for the same id, and never takes a forged one', async () => {
    const g = await guest(t);
    expect(g.guestId).toMatch(/^g_/);
    const renewed = await call(t, 'POST', '/api/chat/guest', {}, { token: g.token });
    expect((renewed.body as { guestId: string }).guestId).toBe(g.guestId);

    // signed with another key, or unsigned: a renewal gives a NEW id, and chat calls are refused
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(g.guestId)
      .setAudience('wallet-chat-guest')
      .setIssuer('member-wallet')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret'));
    const other = await call(t, 'POST', '/api/chat/guest', {}, { token: forged });
    expect((other.body as { guestId: string }).guestId).not.toBe(g.guestId);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: g.guestId, aud: 'wallet-chat-guest', iss: 'member-wallet' }),
    ).toString('base64url')}.`;
    for (const bad of [forged, unsigned, g.guestId, 'x'.repeat(300)]) {
      expect((await call(t, 'POST', '/api/chat/history', { guest: bad }, { limit: 10, skip: 0 })).status).toBe(401);
      expect((await call(t, 'POST', '/api/chat/send-message', { guest: bad }, text('hi'))).status).toBe(401);
    }
    // no identity at all
    expect((await call(t, 'POST', '/api/chat/history', {}, { limit: 10, skip: 0 })).status).toBe(401);
    // a guest naming another guest id in the body
    const g2 = await guest(t);
    const claim = await call(
      t,
      'POST',
      '/api/chat/history',
      { guest: g.token },
      { guestId: g2.guestId, limit: 10, skip: 0 },
    );
    expect(claim).toEqual({ status: 403, body: { message: 'FORBIDDEN' } });
    // a socket with a forged guest token is refused
    await expect(connectSocket(base, { kind: 'guest', token: forged })).rejects.toThrow('UNAUTHORIZED');
  });

  it('pages the history newest first, 10 at a time', async () => {
    const g = await guest(t);
    for (let i = 1; i <= 12; i += 1) {
      const res = await call(t, 'POST', '/api/chat/send-message', { guest: g.token }, text(`message ${i}`));
      expect(res.status).toBe(200);
      expect(typeof (res.body as { createdAt: string }).createdAt).toBe('string');
    }
    const first = (await call(t, 'POST', '/api/chat/history', { guest: g.token }, { limit: 10, skip: 0 }))
      .body as Msg[];
    expect(first.map((m) => m.message.payload)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `message ${i}`));
    expect(first[0]).toMatchObject({ sender: 'customer', guestId: g.guestId });
    const second = (await call(t, 'POST', '/api/chat/history', { guest: g.token }, { limit: 10, skip: 10 }))
      .body as Msg[];
    expect(second.map((m) => m.message.payload)).toEqual(['message 2', 'message 1']);
  });

  it('ignores blank text and refuses over-long text or support-only message types from a customer', async () => {
    const g = await guest(t);
    for (const body of [
      text('   \n\t '),
      text('x'.repeat(2001)),
      {
        sender: 'customer',
        message: { message_type: 'buttons', payload: [{ title: 'a', type: 'web', payload: 'x' }] },
      },
      {
        sender: 'customer',
        message: { message_type: 'media', payload: { fileType: 'image', filePath: 'chat/images/nope.png' } },
      },
    ]) {
      const res = await call(t, 'POST', '/api/chat/send-message', { guest: g.token }, body);
      expect(res).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    const history = await call(t, 'POST', '/api/chat/history', { guest: g.token }, { limit: 10, skip: 0 });
    expect(history.body).toEqual([]);
    // text is trimmed; 2,000 characters pass
    expect((await call(t, 'POST', '/api/chat/send-message', { guest: g.token }, text('  hi  '))).status).toBe(200);
    expect((await call(t, 'POST', '/api/chat/send-message', { guest: g.token }, text('y'.repeat(2000)))).status).toBe(
      200,
    );
    const kept = (await call(t, 'POST', '/api/chat/history', { guest: g.token }, { limit: 10, skip: 0 })).body as Msg[];
    expect(kept.map((m) => String(m.message.payload).length)).toEqual([2000, 2]);
  });
});

describe('object-level authorization', () => {
  it('keeps members out of each other history, rooms and media', async () => {
    const alice = await chatMember(t, 'ALICE');
    const bob = await chatMember(t, 'BOB');
    const up = await upload(t, '/api/chat/upload-image', { token: bob.token }, png, 'photo.png', 'image/png');
    expect(up.status).toBe(200);
    const key = (up.body as { path: string }).path;
    expect(key).toMatch(/^chat\/images\/[a-z0-9-]+\.png$/);
    const media = {
      sender: 'customer',
      message: { message_type: 'media', payload: { fileType: 'image', filePath: key } },
    };
    expect((await call(t, 'POST', '/api/chat/send-message', { token: bob.token }, media)).status).toBe(200);

    // Alice names Bob
    for (const url of ['/api/chat/history']) {
      const res = await call(t, 'POST', url, { token: alice.token }, { userId: String(bob.id), limit: 10, skip: 0 });
      expect(res).toEqual({ status: 403, body: { message: 'FORBIDDEN' } });
    }
    const read = await call(t, 'PUT', '/api/chat/read-customer/', { token: alice.token }, { userId: String(bob.id) });
    expect(read.status).toBe(403);
    // Alice cannot send Bob's upload as her own
    expect((await call(t, 'POST', '/api/chat/send-message', { token: alice.token }, media)).status).toBe(400);
    // Alice's own history is empty
    expect((await call(t, 'POST', '/api/chat/history', { token: alice.token }, { limit: 10, skip: 0 })).body).toEqual(
      [],
    );

    // Bob's history gives him a signed link; the bare key, a tampered or an expired link do not open
    const [mine] = (await call(t, 'POST', '/api/chat/history', { token: bob.token }, { limit: 10, skip: 0 }))
      .body as Msg[];
    const link = (mine!.message.payload as { filePath: string }).filePath;
    expect(link).toMatch(/^\/api\/chat\/media\/chat\/images\/.+\?exp=\d+&sig=/);
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['x-content-type-options']).toBe('nosniff');
    expect(opened.headers['content-disposition']).toMatch(/^inline; filename=/);
    expect(opened.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: `/api/chat/media/${key}` })).statusCode).toBe(403);
    const tampered = link.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const longer = link.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 3600}`);
    expect((await t.app.inject({ method: 'GET', url: longer })).statusCode).toBe(403);

    // sockets: each member is in its own {prefix}-{id} room only
    const aliceSocket = await socket({ kind: 'member', token: alice.token });
    expect(await aliceSocket.emitWithAck('join', { room: `wallet-${alice.id}` })).toEqual({ ok: true });
    expect(await aliceSocket.emitWithAck('join', { room: `wallet-${bob.id}` })).toEqual({
      ok: false,
      error: 'UNAUTHORIZED',
    });
    const inBobRoom = await t.realtime.io.in(`wallet-${bob.id}`).fetchSockets();
    expect(inBobRoom.map((s) => s.id)).not.toContain(aliceSocket.id);

    // links expire after 15 minutes
    t.clock.advance(16 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(403);
  });
});

describe('uploads', () => {
  const MB = 1024 * 1024;
  it('refuses HTML named .png, an mp4 with wrong magic bytes, a truncated mp4 and files over the limits', async () => {
    const g = await guest(t);
    const who = { guest: g.token };
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const refused = { status: 400, body: { message: 'KEY_INVALID' } };
    expect(await upload(t, '/api/chat/upload-image', who, html, 'cat.png', 'image/png')).toEqual(refused);
    const notMp4 = Buffer.concat([Buffer.from('GARBAGE!'), tinyMp4().subarray(8)]);
    expect(await upload(t, '/api/chat/upload-video', who, notMp4, 'clip.mp4', 'video/mp4')).toEqual(refused);
    const truncated = tinyMp4().subarray(0, tinyMp4().length - 10);
    expect(await upload(t, '/api/chat/upload-video', who, truncated, 'clip.mp4', 'video/mp4')).toEqual(refused);
    // an image on the video endpoint and the reverse
    expect(await upload(t, '/api/chat/upload-video', who, png, 'x.mp4', 'video/mp4')).toEqual(refused);
    expect(await upload(t, '/api/chat/upload-image', who, tinyMp4(), 'x.png', 'image/png')).toEqual(refused);
    // 10 MB + 1 image, 20 MB + 1 video
    const bigImage = Buffer.concat([png, Buffer.alloc(10 * MB + 1 - png.length)]);
    expect(await upload(t, '/api/chat/upload-image', who, bigImage, 'big.png', 'image/png')).toEqual(refused);
    const bigVideo = Buffer.concat([tinyMp4(), Buffer.alloc(20 * MB + 1 - tinyMp4().length)]);
    expect(await upload(t, '/api/chat/upload-video', who, bigVideo, 'big.mp4', 'video/mp4')).toEqual(refused);
    // no identity: no upload
    expect((await upload(t, '/api/chat/upload-image', {}, png, 'a.png', 'image/png')).status).toBe(401);

    const ok = await upload(t, '/api/chat/upload-video', who, tinyMp4(), 'clip.mp4', 'video/mp4');
    expect(ok.status).toBe(200);
    expect((ok.body as { path: string }).path).toMatch(/^chat\/videos\/.+\.mp4$/);
  });
});

describe('support console round trip', () => {
  it('relays a guest message to operators, the reply to the guest, resolve to a new session, login to the member', async () => {
    const admin = await adminToken(t);
    const g = await guest(t);
    const guestSocket = await socket({ kind: 'guest', token: g.token });
    const operatorSocket = await socket({ kind: 'operator', token: admin });

    const toOperator = nextEvent(operatorSocket, 'messaging', 10_000);
    expect((await call(t, 'POST', '/api/chat/send-message', { guest: g.token }, text('hello support'))).status).toBe(
      200,
    );
    const arrived = (await toOperator) as Msg & { conversationId: number };
    expect(arrived).toMatchObject({ sender: 'customer', guestId: g.guestId, message: { payload: 'hello support' } });
    const id = arrived.conversationId;

    const inbox = await call(t, 'POST', '/api/admin/chat/conversations', { token: admin }, {});
    const row = (
      inbox.body as { conversations: Array<{ id: number; unread: number; lastMessage: string }> }
    ).conversations.find((c) => c.id === id);
    expect(row).toMatchObject({ unread: 1, lastMessage: 'hello support' });

    const toGuest = nextEvent(guestSocket, 'messaging', 10_000);
    const reply = await call(
      t,
      'POST',
      `/api/admin/chat/conversations/${id}/reply`,
      { token: admin },
      {
        message: { message_type: 'buttons', payload: [{ title: 'Deposit', type: 'postback', payload: 'DEPOSIT' }] },
      },
    );
    expect(reply.status).toBe(200);
    expect(await toGuest).toMatchObject({ sender: 'other', message: { message_type: 'buttons' } });

    const before = (await call(t, 'POST', '/api/chat/history', { guest: g.token }, { limit: 10, skip: 0 }))
      .body as Msg[];
    const ended = nextEvent(guestSocket, 'chat.ended', 10_000);
    const resolved = await call(t, 'POST', `/api/admin/chat/conversations/${id}/resolve`, { token: admin });
    expect(resolved.body).toMatchObject({ conversation: { status: 'resolved', assignee: { username: 'admin' } } });
    const { session_id } = (await ended) as { session_id: string };
    expect(session_id).not.toBe(before[0]!.session_id);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `chat:${id}`));
    // the reply took the unassigned conversation (chat.assign), then the resolve
    expect(audits.map((a) => a.action)).toEqual(['chat.assign', 'chat.resolve']);
    const assigned = await call(
      t,
      'POST',
      `/api/admin/chat/conversations/${id}/assign`,
      { token: admin },
      { to: 'nobody' },
    );
    expect(assigned.body).toMatchObject({ conversation: { assignee: null } });

    // the guest signs in: its conversation is the member's, the next message in a new session
    const member = await chatMember(t, 'GUEST TURNED MEMBER');
    const history = await call(
      t,
      'POST',
      '/api/chat/history',
      { token: member.token, guest: g.token },
      { limit: 10, skip: 0 },
    );
    const list = history.body as Msg[];
    expect(list.map((m) => m.sender)).toEqual(['other', 'customer']);
    expect(list[0]).toMatchObject({ userId: String(member.id) });
    await call(t, 'POST', '/api/chat/send-message', { token: member.token }, text('me again'));
    const after = (await call(t, 'POST', '/api/chat/history', { token: member.token }, { limit: 1, skip: 0 }))
      .body as Msg[];
    expect(after[0]!.session_id).toBe(session_id);

    // an operator-only endpoint refuses a member
    expect((await call(t, 'POST', '/api/admin/chat/conversations', { token: member.token }, {})).status).toBe(401);
  });
});
