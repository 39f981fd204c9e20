import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { house, LedgerService, memberWallet, type PostInput } from '../../src/modules/ledger/ledger.api.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';
import { deliverOutbox } from '../helpers/test-app.ts';

/**
 * wallet.changed is pushed after commits that move a member's money or game balances, and never otherwise: the
 * wallet module's outbox subscribers on `ledger.posted` and `game.balanceChanged` push it (delivered here by
 * `deliverOutbox`, in the app by the job runner's relay of any process).
 */
const providers = fakeProviders();
let h: GamesHarness;
let pushes: Array<{ memberId: number; reason: string }>;

beforeAll(async () => {
  h = await createGamesHarness(providers);
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.t.close();
});

/** Deliver what earlier steps emitted, then record the pushes from here on. */
async function watchPushes(): Promise<void> {
  await deliverOutbox(h.t);
  pushes = [];
  vi.spyOn(h.t.realtime, 'push').mockImplementation((memberId: number, event: string, ...rest: unknown[]) => {
    const reason = (rest[0] as { reason?: unknown } | undefined)?.reason;
    if (event === 'wallet.changed' && typeof reason === 'string') pushes.push({ memberId, reason });
  });
}

async function playerWithPg(minor: bigint) {
  const m = await h.member();
  if (minor > 0n) await h.fund(m.id, minor);
  const username = (await h.call(m.token, 'GET', '/api/wallet/activate/pg')).body.username as string;
  return { ...m, username };
}

const adjustment = (memberId: number, minor: bigint, key: string): PostInput => ({
  kind: 'adjustment',
  currency: 'THB',
  memberId,
  idempotencyKey: key,
  postings: [
    { account: memberWallet(memberId), amount: minor },
    { account: house('adjustment', memberId), amount: -minor },
  ],
});

describe('wallet.changed', () => {
  it('follows a transfer to a game: the postings, then the game balance', async () => {
    const m = await playerWithPg(10_000n);
    await watchPushes();
    const res = await h.call(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 40 });
    expect(res.body).toMatchObject({ status: 'SUCCESS' });
    expect(pushes).toEqual([]); // not from the request: from the outbox, after commit
    await deliverOutbox(h.t);
    expect(pushes).toEqual([
      { memberId: m.id, reason: 'ledger' }, // hold
      { memberId: m.id, reason: 'ledger' }, // settle
      { memberId: m.id, reason: 'game' },
    ]);
  });

  it('is not pushed when the move is refused and rolled back', async () => {
    const m = await playerWithPg(1_000n);
    await watchPushes();
    const res = await h.call(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 500 });
    expect(res.body).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    await deliverOutbox(h.t);
    expect(pushes).toEqual([]);
  });

  it('is pushed when a refresh finds a game balance the provider changed, and only then', async () => {
    const m = await playerWithPg(10_000n);
    await h.call(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 50 });
    await watchPushes();
    expect((await h.call(m.token, 'GET', '/api/wallet/refresh/slot')).status).toBe(200);
    expect(pushes).toEqual([]);
    providers.get('pg')!.players.get(m.username)!.balance += 2_500n; // a win inside the game
    expect((await h.call(m.token, 'GET', '/api/wallet/refresh/slot')).status).toBe(200);
    expect(pushes).toEqual([{ memberId: m.id, reason: 'game' }]);
  });

  it('follows each committed ledger transaction once, never a replay or a rollback', async () => {
    const m = await h.member();
    const ledger = new LedgerService(h.t.ctx.db);
    await watchPushes();
    await ledger.post(adjustment(m.id, 500n, `push-test:${m.id}:a`));
    await ledger.post(adjustment(m.id, 500n, `push-test:${m.id}:a`)); // replay
    await deliverOutbox(h.t);
    expect(pushes).toEqual([{ memberId: m.id, reason: 'ledger' }]);

    await expect(
      ledger.transaction(async (tx) => {
        await ledger.post(adjustment(m.id, 300n, `push-test:${m.id}:b`), tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await deliverOutbox(h.t);
    expect(pushes).toHaveLength(1);

    await ledger.transaction((tx) => ledger.post(adjustment(m.id, 300n, `push-test:${m.id}:c`), tx));
    await deliverOutbox(h.t);
    expect(pushes).toEqual([
      { memberId: m.id, reason: 'ledger' },
      { memberId: m.id, reason: 'ledger' },
    ]);
  });

  it('reads the new game balance when it arrives: the settlement stores it before the push', async () => {
    const m = await playerWithPg(10_000n);
    await watchPushes();
    let gameBalanceAtPush: unknown;
    vi.mocked(h.t.realtime.push).mockImplementation((memberId: number, event: string, ...rest: unknown[]) => {
      const reason = (rest[0] as { reason?: unknown } | undefined)?.reason;
      if (event !== 'wallet.changed' || typeof reason !== 'string') return;
      pushes.push({ memberId, reason });
      if (reason === 'game') gameBalanceAtPush = h.call(m.token, 'GET', '/api/wallet');
    });
    expect(
      (await h.call(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 25 })).body,
    ).toMatchObject({ status: 'SUCCESS' });
    await deliverOutbox(h.t);
    const wallet = (await gameBalanceAtPush) as { body: { slots: Array<{ code: string; amount: number }> } };
    expect(wallet.body.slots.find((s) => s.code === 'pg')?.amount).toBe(25);
  });
});
