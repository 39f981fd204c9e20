import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { gameAccounts } from '../../src/db/schema/game-accounts.ts';
import type { BalanceReading, TransferOutcome } from '../../src/providers/games/game-provider.ts';
import { FakeGameProvider } from '../helpers/fake-game-provider.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';

// Stored game balances follow the provider, whatever order its answers arrive in (ADR 0024).

/** A provider that sends no balance versions (readings are ordered by when we asked). */
class UnversionedProvider extends FakeGameProvider {
  override async deposit(username: string, amount: bigint, id: string): Promise<TransferOutcome> {
    return strip(await super.deposit(username, amount, id));
  }
  override async withdraw(username: string, amount: bigint, id: string): Promise<TransferOutcome> {
    return strip(await super.withdraw(username, amount, id));
  }
  override async balance(username: string): Promise<BalanceReading> {
    return { balance: (await super.balance(username)).balance };
  }
}
const strip = (o: TransferOutcome): TransferOutcome =>
  o.kind === 'ok' ? { kind: 'ok', providerRef: o.providerRef, balanceAfter: o.balanceAfter } : o;

const harnesses: GamesHarness[] = [];
afterAll(async () => {
  for (const h of harnesses) {
    expect(await h.invariants()).toEqual([]);
    await h.t.close();
  }
});

async function setUp(pg: FakeGameProvider) {
  const providers = fakeProviders();
  providers.set('pg', pg);
  const h = await createGamesHarness(providers);
  harnesses.push(h);
  const m = await h.member();
  await h.fund(m.id, 100_000n);
  const { username } = (await h.call(m.token, 'GET', '/api/wallet/activate/pg')).body as { username: string };
  const stored = async () =>
    (await h.t.ctx.db.select().from(gameAccounts).where(eq(gameAccounts.memberId, m.id)))[0]!.balance;
  const slot = async () =>
    ((await h.call(m.token, 'GET', '/api/wallet')).body.slots as Array<{ code: string; amount: number }>).find(
      (s) => s.code === 'pg',
    )!.amount;
  return { h, m, username, stored, slot };
}

/**
 * The first transfer's answer is held back until the second one has settled: the older balance arrives last.
 * Returns both replies.
 */
async function overtaken(s: Awaited<ReturnType<typeof setUp>>, pg: FakeGameProvider, advance: () => void) {
  let release!: () => void;
  let applied!: () => void;
  const firstApplied = new Promise<void>((resolve) => (applied = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  let first: string | null = null;
  pg.answerGate = async (id) => {
    if (first !== null) return;
    first = id;
    applied();
    await held;
  };
  const a = s.h.call(s.m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 100 });
  await firstApplied; // the provider applied 100 (balance 100) and its answer is on its way
  advance();
  const b = await s.h.call(s.m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 50 });
  expect(b.body.status).toBe('SUCCESS');
  expect(await s.stored()).toBe(15_000n);
  release();
  expect((await a).body.status).toBe('SUCCESS');
  pg.answerGate = null;
}

describe('game balance readings arriving out of order', () => {
  it('a provider with balance versions: the older answer never replaces the newer balance', async () => {
    const pg = new FakeGameProvider('pg');
    const s = await setUp(pg);
    await overtaken(s, pg, () => {});
    expect(pg.players.get(s.username)!.balance).toBe(15_000n);
    expect(await s.stored()).toBe(15_000n);
    expect(await s.slot()).toBe(150);
  });

  it('a provider without versions: ordered by when we asked, and read again once overlapping transfers settle', async () => {
    const pg = new UnversionedProvider('pg');
    const s = await setUp(pg);
    await overtaken(s, pg, () => s.h.t.clock.advance(1_000));
    expect(await s.stored()).toBe(15_000n);
    expect(await s.slot()).toBe(150);
    // on its own, one transfer costs no extra balance call
    s.h.t.clock.advance(60_000);
    const before = pg.log.filter((l) => l.op === 'balance').length;
    await s.h.call(s.m.token, 'POST', '/api/wallet/transfer', { from: 'pg', to: 'WALLET', amount: 20 });
    s.h.t.clock.advance(60_000);
    await s.h.call(s.m.token, 'POST', '/api/wallet/transfer', { from: 'pg', to: 'WALLET', amount: 10 });
    expect(pg.log.filter((l) => l.op === 'balance').length).toBe(before);
    expect(await s.stored()).toBe(12_000n);
  });

  it('a wallet refresh asked before a settlement never overwrites the settlement’s newer balance', async () => {
    const pg = new UnversionedProvider('pg');
    const s = await setUp(pg);
    await s.h.call(s.m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 100 });
    // a refresh reads 100, but its answer is overtaken by a transfer asked after it
    let answered!: (reading: BalanceReading) => void;
    let asked!: () => void;
    const slowBalance = new Promise<BalanceReading>((resolve) => (answered = resolve));
    const refreshAsked = new Promise<void>((resolve) => (asked = resolve));
    const realBalance = pg.balance.bind(pg);
    pg.balance = () => {
      asked();
      return slowBalance;
    };
    const refresh = s.h.call(s.m.token, 'GET', '/api/wallet/refresh/slot');
    await refreshAsked;
    s.h.t.clock.advance(1_000);
    await s.h.call(s.m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 50 });
    answered(await realBalance(s.username).then(() => ({ balance: 10_000n })));
    pg.balance = realBalance;
    await refresh;
    expect(await s.stored()).toBe(15_000n);
  });
});
