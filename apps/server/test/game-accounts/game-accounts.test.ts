import { WalletSchema, RefreshSlotSchema } from '@wallet/contract/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameAccounts } from '../../src/db/schema/game-accounts.ts';
import { memberInvite } from '../../src/modules/ledger/account-codes.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';

const providers = fakeProviders();
let h: GamesHarness;
beforeAll(async () => {
  h = await createGamesHarness(providers);
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.t.close();
});

describe('game accounts', () => {
  it('activates a game: an agent-prefixed player at the provider, credentials shown again later', async () => {
    const m = await h.member();
    const res = await h.call(m.token, 'GET', '/api/wallet/activate/pg');
    expect(res.status).toBe(200);
    expect(res.body.username).toMatch(new RegExp(`^wl${m.id}[a-z2-9]{4}$`));
    expect(res.body.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(providers.get('pg')!.players.get(res.body.username)?.password).toBe(res.body.password);

    const again = await h.call(m.token, 'GET', '/api/wallet/account/pg');
    expect(again).toEqual({ status: 200, body: { username: res.body.username, password: res.body.password } });

    const [row] = await h.t.ctx.db.select().from(gameAccounts).where(eq(gameAccounts.memberId, m.id));
    expect(row!.passwordEnc).not.toContain(res.body.password);
  });

  it('refuses a second activation, unknown games and credentials of games not opened', async () => {
    const m = await h.member();
    expect((await h.call(m.token, 'GET', '/api/wallet/activate/joker2')).status).toBe(200);
    expect(await h.call(m.token, 'GET', '/api/wallet/activate/joker2')).toEqual({
      status: 409,
      body: { message: 'SLOT_ALREADY_ACTIVE' },
    });
    expect(await h.call(m.token, 'GET', '/api/wallet/activate/nosuchgame')).toEqual({
      status: 404,
      body: { message: 'NO_GAME' },
    });
    expect(await h.call(m.token, 'GET', '/api/wallet/account/imi')).toEqual({
      status: 404,
      body: { message: 'SLOT_NO_ACCOUNT' },
    });
    expect(await h.call(m.token, 'GET', '/api/wallet/resetpassword/imi')).toEqual({
      status: 404,
      body: { message: 'SLOT_NO_ACCOUNT' },
    });
  });

  it('leaves no account when the provider refuses or does not answer, and a retry works', async () => {
    const m = await h.member();
    const usun = providers.get('usun')!;
    usun.fault('fail', ['createPlayer']);
    expect(await h.call(m.token, 'GET', '/api/wallet/activate/usun')).toEqual({
      status: 502,
      body: { message: 'SLOT_ACTIVATE_FAIL' },
    });
    usun.fault('timeout', ['createPlayer']);
    expect(await h.call(m.token, 'GET', '/api/wallet/activate/usun')).toEqual({
      status: 502,
      body: { message: 'SLOT_ACTIVATE_FAIL' },
    });
    expect(await h.call(m.token, 'GET', '/api/wallet/account/usun')).toEqual({
      status: 404,
      body: { message: 'SLOT_NO_ACCOUNT' },
    });
    expect((await h.call(m.token, 'GET', '/api/wallet/activate/usun')).status).toBe(200);
  });

  it('resets the password at the provider first, then shows the new one', async () => {
    const m = await h.member();
    const opened = (await h.call(m.token, 'GET', '/api/wallet/activate/circus')).body;
    const circus = providers.get('circus')!;
    circus.fault('fail', ['changePassword']);
    expect(await h.call(m.token, 'GET', '/api/wallet/resetpassword/circus')).toEqual({
      status: 502,
      body: { message: 'SLOT_RESET_PASSWORD_FAIL' },
    });
    expect((await h.call(m.token, 'GET', '/api/wallet/account/circus')).body.password).toBe(opened.password);

    const reset = await h.call(m.token, 'GET', '/api/wallet/resetpassword/circus');
    expect(reset.status).toBe(200);
    expect(reset.body.username).toBe(opened.username);
    expect(reset.body.password).not.toBe(opened.password);
    expect(circus.players.get(opened.username)!.password).toBe(reset.body.password);
    expect((await h.call(m.token, 'GET', '/api/wallet/account/circus')).body).toEqual(reset.body);
  });

  it("launches only the caller's own player (object-level authorization), ignoring a password segment", async () => {
    const a = await h.member();
    const b = await h.member();
    const aPg = (await h.call(a.token, 'GET', '/api/wallet/activate/pg')).body;
    const bPg = (await h.call(b.token, 'GET', '/api/wallet/activate/pg')).body;

    const own = await h.t.app.inject({
      method: 'GET',
      url: `/api/autoLogin/pg/${aPg.username}`,
      headers: {
        authorization: `Bearer ${a.token}`,
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile',
      },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().link).toContain('m=1');
    expect(own.json().link).toContain(encodeURIComponent('http://localhost:3999/user/home'));

    const legacy = await h.call(a.token, 'GET', `/api/autoLogin/pg/${aPg.username}/whatever-password`);
    expect(legacy.status).toBe(200);
    expect(legacy.body.link).toContain('m=0');

    for (const url of [
      `/api/autoLogin/pg/${bPg.username}`,
      `/api/autoLogin/pg/${bPg.username}/${bPg.password}`,
      `/api/autoLogin/imi/${aPg.username}`,
    ]) {
      expect(await h.call(a.token, 'GET', url)).toEqual({ status: 404, body: { message: 'NOT_FOUND' } });
    }
  });
});

describe('GET /api/wallet', () => {
  it('answers the wallet, profile, invite balance and one slot per catalogue game', async () => {
    const m = await h.member();
    await h.fund(m.id, 12_345n);
    await h.ledger.post({
      kind: 'invite',
      currency: 'THB',
      memberId: m.id,
      idempotencyKey: `invite-test-${m.id}`,
      postings: [
        { account: memberInvite(m.id), amount: 250n },
        { account: `house:invite#${m.id % 16}`, amount: -250n },
      ],
    });
    await h.call(m.token, 'GET', '/api/wallet/activate/betflix');
    const res = await h.call(m.token, 'GET', '/api/wallet');
    expect(res.status).toBe(200);
    expect(WalletSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.profile).toMatchObject({
      _id: String(m.id),
      name: 'GAME TESTER',
      currency: 'THB',
      bank: { nameTH: 'ธนาคารกสิกรไทย' },
    });
    expect(res.body.wallet).toEqual({ amount: 123.45, currency: 'THB' });
    expect(res.body.invite).toEqual({ amount: 2.5, success: 0, fail: 0 });
    expect(res.body.slots).toHaveLength(11);
    const betflix = res.body.slots.find((s: { code: string }) => s.code === 'betflix');
    expect(betflix).toMatchObject({ isActive: true, amount: 0, web: null });
    expect(res.body.slots.filter((s: { isActive: boolean }) => s.isActive)).toHaveLength(1);
  });

  it('refreshes balances from the providers; a silent provider keeps its last value', async () => {
    const m = await h.member();
    const pg = (await h.call(m.token, 'GET', '/api/wallet/activate/pg')).body.username as string;
    const imi = (await h.call(m.token, 'GET', '/api/wallet/activate/imi')).body.username as string;
    const fakes = providers;
    fakes.get('pg')!.players.get(pg)!.balance = 5_000n;
    fakes.get('imi')!.players.get(imi)!.balance = 700n;
    h.t.clock.advance(1000);
    const first = await h.call(m.token, 'GET', '/api/wallet/refresh/slot');
    expect(RefreshSlotSchema.safeParse(first.body).success).toBe(true);
    const amounts = (body: { slots: Array<{ code: string; amount: number }> }) =>
      Object.fromEntries(body.slots.filter((s) => ['pg', 'imi'].includes(s.code)).map((s) => [s.code, s.amount]));
    expect(amounts(first.body)).toEqual({ pg: 50, imi: 7 });
    expect(first.body.updatedAt).toBe(h.t.clock.now().toISOString());

    fakes.get('pg')!.players.get(pg)!.balance = 9_900n;
    fakes.get('imi')!.players.get(imi)!.balance = 100n;
    fakes.get('imi')!.fault('timeout', ['balance']);
    const second = await h.call(m.token, 'GET', '/api/wallet/refresh/slot');
    expect(amounts(second.body)).toEqual({ pg: 99, imi: 7 });
    expect(amounts((await h.call(m.token, 'GET', '/api/wallet')).body)).toEqual({ pg: 99, imi: 7 });
  });

  it('answers 401 without a token', async () => {
    const res = await h.t.app.inject({ method: 'GET', url: '/api/wallet' });
    expect(res.statusCode).toBe(401);
  });
});
