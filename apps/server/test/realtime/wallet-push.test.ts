import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { house, LedgerService, memberWallet, type PostInput } from '../../src/modules/ledger/ledger.api.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';

/** wallet.changed is pushed after commits that move a member's money or game balances, and never otherwise. */
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

function watchPushes(): void {
  pushes = [];
  vi.spyOn(h.t.realtime, 'push').mockImplementation((memberId, _event, payload) => {
    if ('reason' in payload) pushes.push({ memberId, reason: payload.reason });
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
    watchPushes();
    const res = await h.call(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 40 });
    expect(res.body).toMatchObject({ status: 'SUCCESS' });
    expect(pushes).toEqual([
      { memberId: m.id, reason: 'ledger' }, // hold
      { memberId: m.id, reason: 'ledger' }, // settle
      { memberId: m.id, reason: 'game' },
    ]);
  });

  it('is not pushed when the move is refused and rolled back', async () => {
    const m = await playerWithPg(1_000n);
    watchPushes();
    const res = await h.call(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 500 });
    expect(res.body).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(pushes).toEqual([]);
  });

  it('is pushed when a refresh finds a game balance the provider changed, and only then', async () => {
    const m = await playerWithPg(10_000n);
    await h.call(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 50 });
    watchPushes();
    expect((await h.call(m.token, 'GET', '/api/wallet/refresh/slot')).status).toBe(200);
    expect(pushes).toEqual([]);
    providers.get('pg')!.players.get(m.username)!.balance += 2_500n; // a win inside the game
    expect((await h.call(m.token, 'GET', '/api/wallet/refresh/slot')).status).toBe(200);
    expect(pushes).toEqual([{ memberId: m.id, reason: 'game' }]);
  });

  it('is announced by the ledger once per committed transaction, never for a replay or a rollback', async () => {
    const m = await h.member();
    const announced: number[][] = [];
    const ledger = new LedgerService(h.t.ctx.db, { onPosted: (ids) => announced.push(ids) });
    await ledger.post(adjustment(m.id, 500n, `push-test:${m.id}:a`));
    await ledger.post(adjustment(m.id, 500n, `push-test:${m.id}:a`)); // replay
    expect(announced).toEqual([[m.id]]);

    await expect(
      ledger.transaction(async (tx) => {
        await ledger.post(adjustment(m.id, 300n, `push-test:${m.id}:b`), tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(announced).toEqual([[m.id]]);

    await ledger.transaction(async (tx) => {
      await ledger.post(adjustment(m.id, 300n, `push-test:${m.id}:c`), tx);
      expect(announced).toEqual([[m.id]]); // not before commit
    });
    expect(announced).toEqual([[m.id], [m.id]]);
  });
});
