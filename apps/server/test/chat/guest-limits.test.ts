import { CHAT_GUEST_HEADER } from '@wallet/contract/socket-events';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMessages } from '../../src/db/schema/chat.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { chatMember } from './chat-fixtures.ts';

/**
 * Abuse limits of the chat widget's guests (settings `chatGuestLimits`, defaults: 10 new guest ids and 30 guest
 * messages per address per 10 min / 1 min, 3 open guest conversations per address). Before: one client minted 40
 * guest ids and sent 120 messages in seconds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function inject(url: string, ip: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers,
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}
const mint = (ip: string, token?: string) => inject('/api/chat/guest', ip, token ? { token } : {});
const say = (ip: string, headers: Record<string, string>, text = 'hello') =>
  inject(
    '/api/chat/send-message',
    ip,
    { sender: 'customer', message: { message_type: 'text', payload: text } },
    headers,
  );
const asGuest = (token: string) => ({ [CHAT_GUEST_HEADER]: token });

/** A guest id signed directly (these cases are about messages, not minting). */
const signedGuest = async () => (await t.ctx.guestTokens.issue()).token;

const guestConversations = async (ip: string) =>
  t.ctx.db.select().from(chatConversations).where(eq(chatConversations.guestAddress, ip));

describe('chat guest limits per client address', () => {
  it('mints 10 new guest ids per address in 10 minutes, then 429 REQUEST_LIMIT; renewals and other addresses go on', async () => {
    const ip = uniqueIp();
    const minted = [];
    for (let i = 0; i < 10; i++) minted.push(await mint(ip));
    expect(minted.every((r) => r.status === 200)).toBe(true);
    expect(new Set(minted.map((r) => r.body.guestId)).size).toBe(10);
    expect(await mint(ip)).toEqual({ status: 429, body: { message: 'REQUEST_LIMIT' } });
    // a forged token asks for a new id too: refused the same way
    expect((await mint(ip, 'forged.token.value')).status).toBe(429);
    // a valid token is renewed for its own id, limit or not
    const renewed = await mint(ip, minted[0]!.body.token as string);
    expect(renewed.status).toBe(200);
    expect(renewed.body.guestId).toBe(minted[0]!.body.guestId);
    // another address is counted apart
    expect((await mint(uniqueIp())).status).toBe(200);
    // the window passes: the address mints again
    t.clock.advance(20 * 60_000);
    expect((await mint(ip)).status).toBe(200);
  });

  it('holds all guests of one address to 30 messages a minute (each guest alone would be allowed 20 in 10 s)', async () => {
    const ip = uniqueIp();
    const guests = await Promise.all([signedGuest(), signedGuest(), signedGuest()]);
    const answers = [];
    for (let i = 0; i < 36; i++) answers.push(await say(ip, asGuest(guests[i % 3]!), `m${i}`));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(answers.slice(30)).toEqual(Array(6).fill({ status: 429, body: { message: 'REQUEST_LIMIT' } }));
    const stored = await t.ctx.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(eq(chatConversations.guestAddress, ip));
    expect(stored).toHaveLength(30);
    // a member on the same address is limited as a member only
    const member = await chatMember(t);
    expect((await say(ip, { authorization: `Bearer ${member.token}` })).status).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await say(ip, asGuest(guests[0]!))).status).toBe(200);
  });

  it('lets one address hold 3 open guest conversations; the 4th guest gets CHAT_GUEST_LIMIT and nothing is stored', async () => {
    const ip = uniqueIp();
    const guests = [];
    for (let i = 0; i < 4; i++) guests.push(await signedGuest());
    for (const g of guests.slice(0, 3)) expect((await say(ip, asGuest(g))).status).toBe(200);
    expect(await say(ip, asGuest(guests[3]!))).toEqual({ status: 429, body: { message: 'CHAT_GUEST_LIMIT' } });
    expect(await guestConversations(ip)).toHaveLength(3);
    // the open ones keep talking
    expect((await say(ip, asGuest(guests[0]!), 'still here')).status).toBe(200);

    // support resolves one: a place is free
    const operator = await adminToken(t);
    const [first] = await t.ctx.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.guestAddress, ip))
      .orderBy(chatConversations.id)
      .limit(1);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/chat/conversations/${first!.id}/resolve`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(resolved.statusCode).toBe(200);
    expect((await say(ip, asGuest(guests[3]!))).status).toBe(200);
    // …and the resolved guest writing again would open a 4th: refused until a place frees up
    expect(await say(ip, asGuest(guests[0]!), 'again')).toEqual({
      status: 429,
      body: { message: 'CHAT_GUEST_LIMIT' },
    });
    // a guest who signs in takes the conversation along: it is the member's, no longer the address's
    const member = await chatMember(t);
    const signedIn = await inject(
      '/api/chat/history',
      ip,
      { limit: 10, skip: 0 },
      { authorization: `Bearer ${member.token}`, ...asGuest(guests[1]!) },
    );
    expect(signedIn.status).toBe(200);
    expect((await say(ip, asGuest(guests[0]!), 'again')).status).toBe(200);
    const open = await t.ctx.db.select().from(chatConversations).where(isNull(chatConversations.memberId));
    expect(open.filter((c) => c.guestAddress === ip && c.status !== 'resolved')).toHaveLength(3);
  });

  it('a guest address that is at its cap does not hold back another address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await say(ip, asGuest(await signedGuest()))).status).toBe(200);
    expect((await say(ip, asGuest(await signedGuest()))).status).toBe(429);
    expect((await say(uniqueIp(), asGuest(await signedGuest()))).status).toBe(200);
  });
});
