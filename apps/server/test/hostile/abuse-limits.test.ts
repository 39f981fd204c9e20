import { CHAT_GUEST_HEADER } from '@wallet/contract/socket-events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMessages } from '../../src/db/schema/chat.ts';
import { referralCommissions } from '../../src/db/schema/referral.ts';
import { checkLedgerInvariants, LedgerService, memberInvite } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { chatMember } from '../chat/chat-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { deposit, join } from '../referral/referral-harness.ts';
import { expectSecurityHeaders } from './hostile-kit.ts';

/**
 * The abuse the outside test reproduced, replayed: one client minting guest ids and opening conversations in a
 * loop, guessing promotion codes, and inviting itself from one line with another browser. Every refusal is a
 * catalogue code (never a 500), nothing past a limit is stored, and no money moves without an operator.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('referralRates', { depositPercent: 5 });
});
afterAll(async () => {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  await t.close();
});

type Answer = { status: number; body: Record<string, unknown>; headers: Parameters<typeof expectSecurityHeaders>[0] };
async function inject(method: 'GET' | 'POST', url: string, ip: string, headers = {}, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers,
    remoteAddress: ip,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers } as Answer;
}
function tally(answers: Answer[]) {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.status} ${String(a.body.message ?? 'ok')}`;
    counts[key] = (counts[key] ?? 0) + 1;
    expect(a.status).toBeLessThan(500);
    expectSecurityHeaders(a.headers);
  }
  return counts;
}

describe('abuse limits, hostile', () => {
  it('one client: 40 conversations and 120 messages in seconds → 10 ids, 3 conversations, at most 30 messages', async () => {
    const ip = uniqueIp();
    const minted: Answer[] = [];
    for (let i = 0; i < 40; i++) minted.push(await inject('POST', '/api/chat/guest', ip, {}, {}));
    const tokens = minted.filter((m) => m.status === 200).map((m) => m.body.token as string);
    const sent: Answer[] = [];
    for (let i = 0; i < 120; i++) {
      const token = tokens[i % tokens.length]!;
      const payload = { sender: 'customer', message: { message_type: 'text', payload: `spam ${i}` } };
      sent.push(await inject('POST', '/api/chat/send-message', ip, { [CHAT_GUEST_HEADER]: token }, payload));
    }
    const counts = { mint: tally(minted), send: tally(sent) };
    console.info('hostile: one client minting guests and messaging', counts);
    expect(counts.mint).toEqual({ '200 ok': 10, '429 REQUEST_LIMIT': 30 });
    expect(counts.send['200 ok']).toBeLessThanOrEqual(30);
    expect(Object.keys(counts.send).every((k) => /^(200 ok|429 (REQUEST_LIMIT|CHAT_GUEST_LIMIT))$/.test(k))).toBe(true);
    const conversations = await t.ctx.db.select().from(chatConversations).where(eq(chatConversations.guestAddress, ip));
    expect(conversations).toHaveLength(3);
    const stored = await t.ctx.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(eq(chatConversations.guestAddress, ip));
    expect(stored).toHaveLength(counts.send['200 ok']!);
  });

  it('80 promotion-code guesses by one member → 10 answered, 70 × 429; another member on the line shares the address limit', async () => {
    const ip = uniqueIp();
    const guesser = await chatMember(t);
    const guesses: Answer[] = [];
    for (let i = 0; i < 80; i++) {
      const url = i % 2 ? `/api/promotion/find/CODE${i}` : `/api/promotion/activate/CODE${i}`;
      guesses.push(await inject('GET', url, ip, { authorization: `Bearer ${guesser.token}` }));
    }
    const friends = await Promise.all([chatMember(t), chatMember(t), chatMember(t)]);
    const fromFriends: Answer[] = [];
    for (let i = 0; i < 30; i++) {
      const token = friends[i % 3]!.token;
      fromFriends.push(await inject('GET', `/api/promotion/find/F${i}`, ip, { authorization: `Bearer ${token}` }));
    }
    const counts = { guesser: tally(guesses), others: tally(fromFriends) };
    console.info('hostile: promotion-code guessing', counts);
    expect(counts.guesser).toEqual({ '404 NO_PROMOTION': 10, '429 REQUEST_LIMIT': 70 });
    // 80 counted against the address (limit 30): the line is closed to every member for the window
    expect(counts.others).toEqual({ '429 REQUEST_LIMIT': 30 });
  });

  it('a self-referral from one line with another browser → held, flagged shared_ip, nothing paid', async () => {
    const line = uniqueIp();
    const inviter = await join(t, line);
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: friend.username, password: friend.password },
      headers: { 'user-agent': 'Mozilla/5.0 (Android 14; Mobile) Firefox/132.0' },
      remoteAddress: line,
    });
    expect(again.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await deposit(t, friend.id, 100_000n);
    const rows = await t.ctx.db.select().from(referralCommissions).where(eq(referralCommissions.inviteeId, friend.id));
    const invite = await new LedgerService(t.ctx.db).balance(memberInvite(inviter.id), 'THB');
    const operator = await adminToken(t);
    const flags = await inject('GET', '/api/admin/referral/flags?pageSize=100', uniqueIp(), {
      authorization: `Bearer ${operator}`,
    });
    const flag = (flags.body.rows as Array<Record<string, unknown>>).find((r) => r.inviteeId === friend.id);
    const counts = { commissions: rows.length, held: rows.filter((r) => r.status === 'held').length, paid: invite };
    console.info('hostile: self-referral from one line', { ...counts, signals: flag?.signals });
    expect(counts).toEqual({ commissions: 5, held: 5, paid: 0n });
    expect(flag).toMatchObject({ signals: ['shared_ip'], sharedAddresses: [line], review: 'held', withheld: 250 });
  });
});
