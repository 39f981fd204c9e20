import { socketRooms } from '@wallet/contract/socket-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { createTestApp, deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { connectSocket, nextEvent, record, type TestSocket } from './socket-client.ts';

let t: TestApp;
let base: string;
const open: TestSocket[] = [];

async function member(username: string): Promise<{ id: number; token: string }> {
  const [row] = await t.ctx.db
    .insert(members)
    .values({
      username,
      passwordHash: 'x',
      name: 'SOCKET TEST',
      bankCode: 'KBANK',
      bankAccountName: 'SOCKET TEST',
      bankAccountNo: `77${username.slice(-8)}`,
    })
    .returning({ id: members.id });
  return { id: row!.id, token: await t.ctx.sessions.create(row!.id) };
}

const connected = async (auth: Parameters<typeof connectSocket>[1]) => {
  const socket = await connectSocket(base, auth);
  open.push(socket);
  return socket;
};
const refusal = (auth?: Parameters<typeof connectSocket>[1]) =>
  connectSocket(base, auth).then(
    (socket) => {
      open.push(socket);
      return 'connected';
    },
    (err: Error) => err.message,
  );

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await t.close();
});

describe('socket authentication', () => {
  it('refuses a socket without a token, with a bad token, or with an unknown kind', async () => {
    const { token } = await member('0810000001');
    expect(await refusal()).toBe('UNAUTHORIZED');
    expect(await refusal({ kind: 'member', token: 'not-a-jwt' })).toBe('UNAUTHORIZED');
    expect(await refusal({ kind: 'member', token: `${token}x` })).toBe('UNAUTHORIZED');
    expect(await refusal({ kind: 'admin', token })).toBe('UNAUTHORIZED');
    expect(await refusal({ kind: 'member', token: 'x'.repeat(5000) })).toBe('UNAUTHORIZED');
  });

  it('refuses a revoked session', async () => {
    const { token } = await member('0810000002');
    const session = await t.ctx.sessions.verify(token);
    await t.ctx.sessions.revoke(session.sessionId);
    expect(await refusal({ kind: 'member', token })).toBe('UNAUTHORIZED');
  });

  it('keeps the kinds apart: a session token is no guest token and the reverse', async () => {
    const { token } = await member('0810000003');
    const guest = await t.ctx.guestTokens.issue();
    expect(await refusal({ kind: 'guest', token })).toBe('UNAUTHORIZED');
    expect(await refusal({ kind: 'member', token: guest.token })).toBe('UNAUTHORIZED');
    // a member session token is no operator token (another audience)
    expect(await refusal({ kind: 'operator', token })).toBe('UNAUTHORIZED');
  });

  it('accepts an operator socket once an operator verifier is plugged in', async () => {
    t.realtime.useOperatorVerifier(async (token: string) => {
      if (token !== 'operator-token-for-test') throw new Error('bad');
      return { operatorId: 'op-1', roles: ['support'] };
    });
    expect(await refusal({ kind: 'operator', token: 'wrong' })).toBe('UNAUTHORIZED');
    const socket = await connected({ kind: 'operator', token: 'operator-token-for-test' });
    expect(await socket.emitWithAck('join', { room: socketRooms.operators })).toEqual({ ok: true });
  });
});

describe('rooms and pushes', () => {
  it('pushes wallet.changed into the member own room only', async () => {
    const alice = await member('0810000011');
    const bob = await member('0810000012');
    const aliceSocket = await connected({ kind: 'member', token: alice.token });
    const bobSocket = await connected({ kind: 'member', token: bob.token });
    const bobSeen = record(bobSocket);

    const arrived = nextEvent(aliceSocket, 'wallet.changed');
    t.ctx.realtime.push(alice.id, 'wallet.changed', { reason: 'ledger' });
    expect(await arrived).toEqual({ reason: 'ledger' });

    // a later push to Bob arrives, so the earlier one to Alice would have arrived before it had it been sent to Bob
    const bobArrived = nextEvent(bobSocket, 'wallet.changed');
    t.ctx.realtime.push(bob.id, 'wallet.changed', { reason: 'game' });
    expect(await bobArrived).toEqual({ reason: 'game' });
    expect(bobSeen.get('wallet.changed')).toEqual([{ reason: 'game' }]);
  });

  it('refuses a member joining another member or a guest room', async () => {
    const alice = await member('0810000021');
    const bob = await member('0810000022');
    const aliceSocket = await connected({ kind: 'member', token: alice.token });
    const seen = record(aliceSocket);
    expect(await aliceSocket.emitWithAck('join', { room: socketRooms.member(bob.id) })).toEqual({
      ok: false,
      error: 'UNAUTHORIZED',
    });
    expect(await aliceSocket.emitWithAck('join', { room: socketRooms.operators })).toEqual({
      ok: false,
      error: 'UNAUTHORIZED',
    });
    expect(await aliceSocket.emitWithAck('join', { room: socketRooms.member(alice.id) })).toEqual({ ok: true });

    // Bob's push never reaches Alice: Alice's own push, sent after it, arrives alone
    t.ctx.realtime.push(bob.id, 'wallet.changed', { reason: 'ledger' });
    const own = nextEvent(aliceSocket, 'wallet.changed');
    t.ctx.realtime.push(alice.id, 'wallet.changed', { reason: 'game' });
    expect(await own).toEqual({ reason: 'game' });
    expect(seen.get('wallet.changed')).toEqual([{ reason: 'game' }]);
    const rooms = await t.realtime.io.in(socketRooms.member(bob.id)).fetchSockets();
    expect(rooms.map((s) => s.id)).not.toContain(aliceSocket.id);
  });

  it('puts a guest in its own guest room', async () => {
    const guest = await t.ctx.guestTokens.issue();
    const socket = await connected({ kind: 'guest', token: guest.token });
    const inRoom = await t.realtime.io.in(socketRooms.guest(guest.guestId)).fetchSockets();
    expect(inRoom.map((s) => s.id)).toEqual([socket.id]);
    expect(await socket.emitWithAck('join', { room: socketRooms.guest('g_someone-else-0123456789') })).toEqual({
      ok: false,
      error: 'UNAUTHORIZED',
    });
  });
});

describe('session revocation', () => {
  const disconnected = (socket: TestSocket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it("disconnects the revoked session's live sockets (after commit, through the outbox), and only those", async () => {
    const alice = await member('0810000031');
    const other = await t.ctx.sessions.create(alice.id); // the same member on another device
    const revoked = await connected({ kind: 'member', token: alice.token });
    const kept = await connected({ kind: 'member', token: other });
    const gone = disconnected(revoked);

    await t.ctx.sessions.revoke((await t.ctx.sessions.verify(alice.token)).sessionId);
    expect(revoked.connected).toBe(true); // nothing before the event is delivered
    expect(await deliverOutbox(t)).toBeGreaterThan(0);
    expect(await gone).toBe('io server disconnect');

    // the other session's socket is still in the member's room
    const arrived = nextEvent(kept, 'wallet.changed');
    t.ctx.realtime.push(alice.id, 'wallet.changed', { reason: 'ledger' });
    expect(await arrived).toEqual({ reason: 'ledger' });
    // and the revoked token cannot come back
    expect(await refusal({ kind: 'member', token: alice.token })).toBe('UNAUTHORIZED');
  });

  it('disconnects every session of the member on a password change, except the one making it', async () => {
    const bob = await member('0810000032');
    const second = await t.ctx.sessions.create(bob.id);
    const changing = await connected({ kind: 'member', token: bob.token });
    const elsewhere = await connected({ kind: 'member', token: second });
    const gone = disconnected(elsewhere);
    const keep = (await t.ctx.sessions.verify(bob.token)).sessionId;
    expect(await t.ctx.sessions.revokeAll(bob.id, keep)).toBe(1);
    await deliverOutbox(t);
    expect(await gone).toBe('io server disconnect');
    const arrived = nextEvent(changing, 'wallet.changed');
    t.ctx.realtime.push(bob.id, 'wallet.changed', { reason: 'game' });
    expect(await arrived).toEqual({ reason: 'game' });
  });
});
