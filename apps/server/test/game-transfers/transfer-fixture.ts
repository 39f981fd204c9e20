import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { ledgerTransactions } from '../../src/db/schema/ledger.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';

/**
 * The shared setup of the transfer test files: fake providers, a games harness per file (invariant checked after
 * the file's last test) and small helpers.
 */
export function useTransferFixture() {
  const providers = fakeProviders();
  let h: GamesHarness;
  beforeAll(async () => {
    h = await createGamesHarness(providers);
  });
  afterAll(async () => {
    expect(await h.invariants()).toEqual([]);
    await h.t.close();
  });

  /** A member with `minor` in the wallet and the given games opened. */
  async function player(minor: bigint, games: string[] = ['pg']) {
    const m = await h.member();
    if (minor > 0n) await h.fund(m.id, minor);
    const usernames: Record<string, string> = {};
    for (const game of games)
      usernames[game] = (await h.call(m.token, 'GET', `/api/wallet/activate/${game}`)).body.username;
    return { ...m, usernames };
  }
  const transfer = (token: string, from: string, to: string, amount: unknown) =>
    h.call(token, 'POST', '/api/wallet/transfer', { from, to, amount });
  const gameBalance = (game: string, username: string) => providers.get(game)!.players.get(username)!.balance;
  const accountBalance = (code: string) => h.ledger.balance(code, 'THB');
  const ledgerCount = async (memberId: number) =>
    (
      await h.t.ctx.db
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.memberId, memberId))
    ).length;

  return {
    providers,
    get h() {
      return h;
    },
    player,
    transfer,
    gameBalance,
    accountBalance,
    ledgerCount,
  };
}
