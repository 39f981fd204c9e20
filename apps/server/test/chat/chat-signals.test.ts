import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../operators/operator-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { deposit } from '../referral/referral-harness.ts';
import { connectSocket, nextEvent, record, type TestSocket } from '../realtime/socket-client.ts';
import { call, chatMember, guest, text } from './chat-fixtures.ts';

/** Chat (docs/design.md §9.8): typing indicators both ways, the support team's presence, and the member's unread badge count. */
let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS: 'true' } });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
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

/** A round trip through the server: everything the socket emitted before it has been handled. */
const flush = (s: TestSocket) => s.emitWithAck('join', { room: 'none' });

describe('typing', () => {
  it('carries a guest typing to the operators with the guest id from its token, not from the payload', async () => {
    const admin = await adminToken(t);
    const g = await guest(t);
    const guestSocket = await socket({ kind: 'guest', token: g.token });
    const operatorSocket = await socket({ kind: 'operator', token: admin });
    const typing = nextEvent(operatorSocket, 'chat.typing');
    guestSocket.emit('typing', { typing: true, guestId: 'someone-else', userId: '1' });
    expect(await typing).toEqual({ from: 'customer', typing: true, guestId: g.guestId });
  });

  it('throttles a typing flood but always passes the stop', async () => {
    const admin = await adminToken(t);
    const member = await chatMember(t, 'TYPIST');
    const memberSocket = await socket({ kind: 'member', token: member.token });
    const operatorSocket = await socket({ kind: 'operator', token: admin });
    const seen = record(operatorSocket);
    for (let i = 0; i < 5; i += 1) memberSocket.emit('typing', { typing: true });
    await flush(memberSocket);
    t.clock.advance(1_000);
    memberSocket.emit('typing', { typing: true });
    const stop = nextEvent(operatorSocket, 'chat.typing');
    memberSocket.emit('typing', { typing: false });
    await stop;
    await flush(operatorSocket);
    const mine = (seen.get('chat.typing') ?? []).filter((p) => (p as { userId?: string }).userId === String(member.id));
    expect(mine).toEqual([
      { from: 'customer', typing: true, userId: String(member.id) },
      { from: 'customer', typing: true, userId: String(member.id) },
      { from: 'customer', typing: false, userId: String(member.id) },
    ]);
  });

  it("carries an operator's typing into the named party's chat room only", async () => {
    const admin = await adminToken(t);
    const g = await guest(t);
    const other = await guest(t);
    const guestSocket = await socket({ kind: 'guest', token: g.token });
    const otherSocket = await socket({ kind: 'guest', token: other.token });
    const otherSeen = record(otherSocket);
    const operatorSocket = await socket({ kind: 'operator', token: admin });
    const guestSeen = record(guestSocket);
    const typing = nextEvent(guestSocket, 'chat.typing');
    operatorSocket.emit('typing', { typing: true, guestId: g.guestId });
    expect(await typing).toEqual({ from: 'support', typing: true });
    // the throttle is per party: a second player in the same second still hears the operator, the first does not
    operatorSocket.emit('typing', { typing: true, guestId: g.guestId });
    const toOther = nextEvent(otherSocket, 'chat.typing');
    operatorSocket.emit('typing', { typing: true, guestId: other.guestId });
    expect(await toOther).toEqual({ from: 'support', typing: true });
    await flush(operatorSocket);
    await flush(guestSocket);
    expect(guestSeen.get('chat.typing')).toHaveLength(1);
    // a malformed party is dropped; a player cannot name a room either
    operatorSocket.emit('typing', { typing: true, guestId: '../../x y' });
    guestSocket.emit('typing', { typing: true, guestId: other.guestId });
    await flush(operatorSocket);
    await flush(guestSocket);
    expect(otherSeen.get('chat.typing')).toHaveLength(1);
  });
});

describe('hostile socket payloads', () => {
  it('drops malformed typing and presence payloads without a crash or a delivery', async () => {
    const admin = await adminToken(t);
    const g = await guest(t);
    const guestSocket = await socket({ kind: 'guest', token: g.token });
    const guestSeen = record(guestSocket);
    const operatorSocket = await socket({ kind: 'operator', token: admin });
    const raw = operatorSocket as unknown as { emit(event: string, ...args: unknown[]): void };
    for (const payload of [null, 'typing', 42, [], { typing: true, guestId: 'g'.repeat(10_000) }, { typing: true }]) {
      raw.emit('typing', payload);
    }
    raw.emit('presence', { status: 'invisible' });
    raw.emit('presence', null);
    raw.emit('join', null);
    await flush(operatorSocket);
    await flush(guestSocket);
    expect(guestSeen.get('chat.typing')).toBeUndefined();
    expect(operatorSocket.connected).toBe(true);
  });
});

describe('presence', () => {
  it('derives the team presence from the connected operator sockets and their status', async () => {
    // the operator tabs of the tests above are gone
    for (const s of sockets.splice(0)) s.close();
    const admin = await adminToken(t);
    const first = await socket({ kind: 'operator', token: admin });
    const second = await socket({ kind: 'operator', token: admin });
    const ownId = (await first.emitWithAck('presence', { status: 'online' })).operators[0]!.operatorId;
    expect(await first.emitWithAck('presence', { status: 'away' })).toEqual({
      operators: [{ operatorId: ownId, status: 'online' }],
    });
    const away = nextEvent(first, 'chat.presence');
    expect(await second.emitWithAck('presence', { status: 'away' })).toEqual({
      operators: [{ operatorId: ownId, status: 'away' }],
    });
    expect(await away).toEqual({ operators: [{ operatorId: ownId, status: 'away' }] });
    // a player cannot set a status or read the team's
    const g = await guest(t);
    const guestSocket = await socket({ kind: 'guest', token: g.token });
    const seen = record(guestSocket);
    guestSocket.emit('presence', { status: 'online' });
    await flush(guestSocket);
    expect(seen.size).toBe(0);
    // the second tab closes: the team presence follows the remaining socket
    const after = nextEvent(first, 'chat.presence');
    second.close();
    expect(await after).toEqual({ operators: [{ operatorId: ownId, status: 'away' }] });
    const back = nextEvent(first, 'chat.presence');
    first.emit('presence', { status: 'online' });
    expect(await back).toEqual({ operators: [{ operatorId: ownId, status: 'online' }] });
  });
});

describe('unread badge', () => {
  it('counts support messages the member has not read, pushes the count, and clears it on read', async () => {
    const admin = await adminToken(t);
    const member = await chatMember(t, 'BADGE');
    const who = { token: member.token };
    expect((await call(t, 'GET', '/api/chat/unread', who)).body).toEqual({ count: 0 });
    expect((await call(t, 'GET', '/api/chat/unread', {})).status).toBe(401);
    await call(t, 'POST', '/api/chat/send-message', who, text('hi'));
    const inbox = await call(t, 'POST', '/api/admin/chat/conversations', { token: admin }, {});
    const id = (inbox.body as { conversations: { id: number; memberId: number | null }[] }).conversations.find(
      (c) => c.memberId === member.id,
    )!.id;
    // the console shows the member beside the conversation: wallet, latest deposits and withdrawals, a condition
    const beside = async () =>
      (await call(t, 'POST', `/api/admin/chat/conversations/${id}`, { token: admin }, {})).body as { member: unknown };
    expect((await beside()).member).toMatchObject({
      id: member.id,
      balance: '0',
      deposits: [],
      withdrawals: [],
      conditionRunning: false,
    });
    await deposit(t, member.id, 50_000n);
    expect((await beside()).member).toMatchObject({
      balance: '50000',
      deposits: [{ channel: 'manual', amount: 500, currency: 'THB', status: 'credited' }],
    });
    const memberSocket = await socket({ kind: 'member', token: member.token });
    const pushed = nextEvent(memberSocket, 'chat.unread', 10_000);
    const reply = { message: { message_type: 'text', payload: 'hello' } };
    expect((await call(t, 'POST', `/api/admin/chat/conversations/${id}/reply`, { token: admin }, reply)).status).toBe(
      200,
    );
    expect(await pushed).toEqual({ count: 1 });
    expect((await call(t, 'GET', '/api/chat/unread', who)).body).toEqual({ count: 1 });
    const cleared = nextEvent(memberSocket, 'chat.unread');
    await call(t, 'PUT', '/api/chat/read-customer/', who, {});
    expect(await cleared).toEqual({ count: 0 });
    expect((await call(t, 'GET', '/api/chat/unread', who)).body).toEqual({ count: 0 });
  });
});
