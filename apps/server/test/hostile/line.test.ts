import { signLineBody } from '@wallet/sandbox/line/line-plugin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineLinks } from '../../src/db/schema/notify.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { get, post, uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { lineStatus, linkLine, lineUser } from '../notify/notify-harness.ts';
import { join } from '../referral/referral-harness.ts';

/**
 * LINE notifications, hostile (docs/decisions/0041-line-notifications.md): forged, missing and altered webhook
 * signatures act on nothing; link codes are single use, expire and are rate limited; the simulator's control routes
 * stay closed to other addresses; every refusal is a catalogue code, never a 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  await t.close();
});

const secret = () => t.config.line!.channelSecret;
const webhook = (body: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/line',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
const textEvent = (userId: string, text: string) =>
  JSON.stringify({
    destination: 'U0000000000000000000000000000000f',
    events: [{ type: 'message', source: { type: 'user', userId }, message: { type: 'text', id: '1', text } }],
  });

describe('LINE webhook, hostile', () => {
  it('a missing, wrong or foreign signature, or a signed body with changed bytes, is 401 and links nobody', async () => {
    const p = await join(t, uniqueIp());
    const code = (await post(t, '/api/notify/line/code', { language: 'th' }, { token: p.token })).body.code as string;
    const attacker = lineUser();
    const body = textEvent(attacker, code);
    const signed = signLineBody(secret(), body);
    const altered = body.replace(code, code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A'));
    for (const res of [
      await webhook(body, {}),
      await webhook(body, { 'x-line-signature': '' }),
      await webhook(body, { 'x-line-signature': signLineBody('not-the-channel-secret', body) }),
      await webhook(body, { 'x-line-signature': `${signed.slice(0, -4)}AAA=` }),
      await webhook(altered, { 'x-line-signature': signed }),
      await webhook('not json', { 'x-line-signature': signLineBody(secret(), 'not json') }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    expect(await lineStatus(t, p)).toMatchObject({ isLinked: false });
    // the genuine one links; replaying it, or the same code from another LINE user, changes nothing
    expect((await webhook(body, { 'x-line-signature': signed })).statusCode).toBe(200);
    expect(await lineStatus(t, p)).toMatchObject({ isLinked: true });
    const other = textEvent(lineUser(), code);
    expect((await webhook(other, { 'x-line-signature': signLineBody(secret(), other) })).statusCode).toBe(200);
    expect((await webhook(body, { 'x-line-signature': signed })).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(lineLinks).where(eq(lineLinks.memberId, p.id));
    expect(row).toMatchObject({ lineUserId: attacker, linkCodeHash: null });
  });

  it('an expired code links nothing', async () => {
    const p = await join(t, uniqueIp());
    const code = (await post(t, '/api/notify/line/code', { language: 'en' }, { token: p.token })).body.code as string;
    t.clock.advance(16 * 60_000);
    const body = textEvent(lineUser(), code);
    expect((await webhook(body, { 'x-line-signature': signLineBody(secret(), body) })).statusCode).toBe(200);
    // (the access token has expired with the code: read the row)
    const [row] = await t.ctx.db.select().from(lineLinks).where(eq(lineLinks.memberId, p.id));
    expect(row).toMatchObject({ lineUserId: null, isFollowing: false });
  });
});

describe('LINE member endpoints, hostile', () => {
  it('need a member token; bad input is KEY_INVALID; link codes are rate limited per member', async () => {
    expect((await get(t, '/api/notify/line')).status).toBe(401);
    expect((await post(t, '/api/notify/line/code', { language: 'th' })).status).toBe(401);
    const p = await join(t, uniqueIp());
    expect(await post(t, '/api/notify/line/code', { language: 'fr' }, { token: p.token })).toEqual({
      status: 400,
      body: { message: 'KEY_INVALID' },
    });
    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/notify/line/preferences',
      headers: { authorization: `Bearer ${p.token}` },
      payload: { preferences: { depositCredited: 'yes' } },
    });
    expect([prefs.statusCode, prefs.json()]).toEqual([400, { message: 'KEY_INVALID' }]);
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push(await post(t, '/api/notify/line/code', { language: 'th' }, { token: p.token }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(answers.at(-1)!.body).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('a member sees and changes only its own link', async () => {
    const a = await join(t, uniqueIp());
    const b = await join(t, uniqueIp());
    await linkLine(t, a, 'th');
    const unlink = await t.app.inject({
      method: 'DELETE',
      url: '/api/notify/line',
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(unlink.statusCode).toBe(200);
    expect(await lineStatus(t, a)).toMatchObject({ isLinked: true });
    expect(await lineStatus(t, b)).toMatchObject({ isLinked: false });
  });

  it("the simulator's control routes are closed to other addresses", async () => {
    for (const url of ['/sandbox/line/_messages', '/sandbox/line/_ui']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(403);
    }
    const follow = await t.app.inject({
      method: 'POST',
      url: `/sandbox/line/_users/${lineUser()}/follow`,
      remoteAddress: '203.0.113.9',
      payload: {},
    });
    expect(follow.statusCode).toBe(403);
  });
});
