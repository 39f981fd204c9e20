import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import type { ChangeBus } from '../../src/lib/change-bus.ts';
import { MemberCache } from '../../src/lib/member-cache.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';

/** One process with the member cache on (the default on PGlite; forced on PostgreSQL for this test). */
let h: GamesHarness | undefined;
afterEach(async () => {
  await h?.t.close();
  h = undefined;
});

async function harness(): Promise<GamesHarness> {
  return createGamesHarness(fakeProviders(), {}, { MEMBER_CACHE: 'on' });
}

describe('the member cache in one process', () => {
  it('serves a warm wallet without a database query, and a money move shows at once', async () => {
    h = await harness();
    expect(h.t.ctx.memberCache).not.toBeNull();
    const m = await h.member();
    await h.fund(m.id, 50_000n);
    expect((await h.call(m.token, 'GET', '/api/wallet')).body.wallet.amount).toBe(500);

    const execute = vi.spyOn(h.t.ctx.db, 'execute');
    expect((await h.call(m.token, 'GET', '/api/wallet')).body.wallet.amount).toBe(500);
    expect(execute).not.toHaveBeenCalled();
    execute.mockRestore();

    // a posting outside any request (a job, an operator) evicts after its commit
    await h.fund(m.id, 10_000n);
    expect((await h.call(m.token, 'GET', '/api/wallet')).body.wallet.amount).toBe(600);

    // a transfer to a game through the API: the answer's own follow-up read is fresh
    expect((await h.call(m.token, 'GET', '/api/wallet/activate/pg')).status).toBe(200);
    const wallet = await h.call(m.token, 'GET', '/api/wallet');
    expect(wallet.body.slots.find((s: { code: string }) => s.code === 'pg').isActive).toBe(true);
    expect(
      (await h.call(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 100 })).status,
    ).toBe(200);
    expect((await h.call(m.token, 'GET', '/api/wallet')).body.wallet.amount).toBe(500);
    await expectLedgerSound(h.t);
  });

  it('revocation takes effect at once: one session, then all of them', async () => {
    h = await harness();
    const m = await h.member();
    const other = await h.t.ctx.sessions.create(m.id);
    expect((await h.call(m.token, 'GET', '/api/wallet')).status).toBe(200);
    expect((await h.call(other, 'GET', '/api/wallet')).status).toBe(200);
    // what logout does (POST /api/logout is the account module's, not in this harness)
    await h.t.ctx.sessions.revoke(sessionIdOf(m.token));
    expect((await h.call(m.token, 'GET', '/api/wallet')).status).toBe(401);
    expect((await h.call(other, 'GET', '/api/wallet')).status).toBe(200);
    await h.t.ctx.sessions.revokeAll(m.id);
    expect((await h.call(other, 'GET', '/api/wallet')).status).toBe(401);
  });

  it('a profile change shows at once', async () => {
    h = await harness();
    const m = await h.member();
    expect((await h.call(m.token, 'GET', '/api/wallet')).body.profile.name).toBe('GAME TESTER');
    const { AccountRepository } = await import('../../src/modules/account/account.repository.ts');
    await new AccountRepository(h.t.ctx.db).updateMember(m.id, { name: 'NEW NAME' }, new Date());
    expect((await h.call(m.token, 'GET', '/api/wallet')).body.profile.name).toBe('NEW NAME');
    // a direct write that bypasses the repositories is NOT seen (documents the contract: change through them)
    await h.t.ctx.db.update(members).set({ name: 'BYPASS' }).where(eq(members.id, m.id));
    expect((await h.call(m.token, 'GET', '/api/wallet')).body.profile.name).toBe('NEW NAME');
  });
});

function sessionIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}

describe('MemberCache', () => {
  it('does not keep a value whose read was in flight when the member was invalidated', async () => {
    const cache = new MemberCache();
    let release!: (v: string) => void;
    const slow = cache.view('wallet', 7, () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate(7);
    release('old');
    expect(await slow).toBe('old');
    expect(await cache.view('wallet', 7, async () => 'new')).toBe('new');
    expect(await cache.view('wallet', 7, async () => 'newer')).toBe('new');
  });

  it('does not keep a session row whose read was in flight during any eviction', async () => {
    const cache = new MemberCache();
    let release!: (v: { id: number }) => void;
    const slow = cache.session(
      's1',
      () => new Promise<{ id: number }>((resolve) => (release = resolve)),
      (r) => r.id,
    );
    cache.invalidate(3);
    release({ id: 3 });
    await slow;
    let loads = 0;
    await cache.session(
      's1',
      async () => ({ id: 3, n: ++loads }),
      (r) => r.id,
    );
    await cache.session(
      's1',
      async () => ({ id: 3, n: ++loads }),
      (r) => r.id,
    );
    expect(loads).toBe(1);
  });

  it('a balance change evicts the views only, here and in the other process; any other change the sessions too', async () => {
    const handlers: Array<(message: string) => void> = [];
    const bus: ChangeBus & { live: boolean } = {
      live: true,
      publish: async (_topic, message) => handlers.forEach((handle) => handle(message)),
      subscribe: (_topic, handle) => void handlers.push(handle),
      onResync: () => undefined,
      close: async () => undefined,
    };
    const a = new MemberCache({ bus });
    const b = new MemberCache({ bus });
    let views = 0;
    let sessions = 0;
    const read = async (cache: MemberCache) => [
      await cache.view('wallet', 9, async () => ++views),
      (await cache.session(
        's9',
        async () => ({ id: 9, n: ++sessions }),
        (r) => r.id,
      ))!.n,
    ];
    expect(await read(b)).toEqual([1, 1]);
    a.invalidate(9, 'view');
    expect(await read(b)).toEqual([2, 1]);
    a.invalidate(9);
    expect(await read(b)).toEqual([3, 2]);
    b.invalidate(9, 'view');
    expect(await read(b)).toEqual([4, 2]);
  });

  it('hears evictions on the shared change bus, starts over on a resync, and trusts no memory while it is down', async () => {
    // one bus between two "processes" (in the app: the settings' Redis connections, one subscriber per process)
    const handlers: Array<(message: string) => void> = [];
    const resyncs: Array<() => void> = [];
    const bus: ChangeBus & { live: boolean } = {
      live: true,
      publish: async (_topic, message) => handlers.forEach((handle) => handle(message)),
      subscribe: (_topic, handle) => void handlers.push(handle),
      onResync: (handle) => void resyncs.push(handle),
      close: async () => undefined,
    };
    const a = new MemberCache({ bus });
    const b = new MemberCache({ bus });
    let loads = 0;
    const read = () => a.view('wallet', 7, async () => ++loads);
    expect([await read(), await read()]).toEqual([1, 1]);
    b.invalidate(7); // the other process's eviction reaches this one
    expect(await read()).toBe(2);
    resyncs.forEach((handle) => handle()); // notices may have been missed
    expect(await read()).toBe(3);
    // the bus drops (it tells of a resync, as RedisChangeBus does on close and on ready): nothing from memory
    bus.live = false;
    resyncs.forEach((handle) => handle());
    expect([await read(), await read()]).toEqual([4, 5]);
    bus.live = true;
    resyncs.forEach((handle) => handle());
    expect([await read(), await read()]).toEqual([6, 6]);
  });
});
