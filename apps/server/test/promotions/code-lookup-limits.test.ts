import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { chatMember } from '../chat/chat-fixtures.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { addPromotion, createPromoApp, deposit } from './promo-fixture.ts';

/**
 * Promotion codes cannot be guessed by trying them (settings `promotionCodeLimits`, defaults: 10 look-ups per member
 * and 30 per address in 10 minutes; find and activate both count). Before: 80 look-ups, every one answered.
 */
let t: TestApp;
beforeAll(async () => {
  ({ t } = await createPromoApp());
});
afterAll(async () => {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  await t.close();
});

async function get(url: string, token: string, ip: string) {
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` }, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}
const find = (code: string, token: string, ip: string) => get(`/api/promotion/find/${code}`, token, ip);
const guesses = (n: number) => Array.from({ length: n }, (_, i) => `GUESS${i}`);

describe('promotion-code look-ups are limited', () => {
  it('per member: 10 look-ups in 10 minutes, then 429 REQUEST_LIMIT even for a real code; again after the window', async () => {
    const code = await addPromotion(t, { kind: 'code' });
    const member = await chatMember(t);
    const ip = uniqueIp();
    const answers = [];
    for (const guess of guesses(10)) answers.push(await find(guess, member.token, ip));
    expect(answers.every((a) => a.status === 404 && a.body.message === 'NO_PROMOTION')).toBe(true);
    expect(await find(code.code, member.token, ip)).toEqual({ status: 429, body: { message: 'REQUEST_LIMIT' } });
    // activating is a look-up too: no way around the limit, and nothing is credited
    expect(await get(`/api/promotion/activate/${code.code}`, member.token, ip)).toEqual({
      status: 429,
      body: { message: 'REQUEST_LIMIT' },
    });
    t.clock.advance(21 * 60_000);
    // (access tokens live 15 minutes: a fresh one for the same member)
    expect((await find(code.code, await t.ctx.sessions.create(member.id), ip)).status).toBe(200);
  });

  it('per address: 30 look-ups in 10 minutes across members, then 429; another address is counted apart', async () => {
    const ip = uniqueIp();
    const members = await Promise.all([chatMember(t), chatMember(t), chatMember(t), chatMember(t)]);
    const statuses = [];
    for (let i = 0; i < 36; i++) statuses.push((await find(`X${i}`, members[i % 4]!.token, ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(30)).toEqual(Array(6).fill(429));
    // the same members from another address still have look-ups left (9 each of 10)
    expect((await find('X99', members[0]!.token, uniqueIp())).status).toBe(404);
  });

  it('a member under the limits activates a real code: the look-ups spent on it do not stop the claim', async () => {
    const code = await addPromotion(t, { kind: 'code', maxAmount: 5_000n });
    const member = await chatMember(t);
    await deposit(t, member.id, 10_000n);
    const ip = uniqueIp();
    expect((await find(code.code, member.token, ip)).status).toBe(200);
    expect(await get(`/api/promotion/activate/${code.code}`, member.token, ip)).toEqual({
      status: 200,
      body: { message: 'SUCCESS' },
    });
  });
});
