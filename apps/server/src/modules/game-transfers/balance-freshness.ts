import { and, eq, max, ne } from 'drizzle-orm';
import { gameTransfers } from '../../db/schema/game-transfers.ts';
import {
  listGameAccounts,
  updateGameBalance,
  type GameAccount,
  type GamesDeps,
} from '../game-accounts/game-accounts.api.ts';
import { withTimeout } from './provider-call.ts';

type FreshnessDeps = Pick<GamesDeps, 'db' | 'clock' | 'providers' | 'timing' | 'gameBalanceChanged'>;

/** Ask the provider for one account's balance now and store it (when no newer reading is stored). */
export async function refreshGameBalance(deps: FreshnessDeps, account: GameAccount): Promise<boolean> {
  const provider = deps.providers.get(account.game);
  if (!provider) return false;
  const askedAt = deps.clock.now();
  const reading = await withTimeout(provider.balance(account.username), deps.timing.balanceTimeoutMs);
  if (reading === undefined) return false;
  const stored = await updateGameBalance(deps.db, account.id, { ...reading, askedAt }, deps.clock.now());
  if (stored && reading.balance !== account.balance) deps.gameBalanceChanged?.(account.memberId);
  return true;
}

/**
 * Bring the member's stored game balances up to their last settled transfer before a decision is taken on them
 * (a bonus condition's credit or fail rule, ADR 0024). A stored reading asked before the account's last transfer
 * was resolved may miss that transfer (answers can arrive out of order), so it is read again from the provider.
 * Returns false when the balances cannot be trusted now: a transfer of the member is still pending, or a provider
 * did not answer. The caller then decides nothing.
 */
export async function settleGameBalances(deps: FreshnessDeps, memberId: number): Promise<boolean> {
  const [pending] = await deps.db
    .select({ id: gameTransfers.id })
    .from(gameTransfers)
    .where(and(eq(gameTransfers.memberId, memberId), eq(gameTransfers.status, 'pending')))
    .limit(1);
  if (pending) return false;
  const resolved = await deps.db
    .select({ game: gameTransfers.game, at: max(gameTransfers.updatedAt) })
    .from(gameTransfers)
    .where(and(eq(gameTransfers.memberId, memberId), ne(gameTransfers.status, 'pending')))
    .groupBy(gameTransfers.game);
  const lastResolved = new Map(resolved.map((r) => [r.game, r.at]));
  const stale = (await listGameAccounts(deps.db, memberId)).filter((account) => {
    const at = lastResolved.get(account.game);
    return at != null && (account.balanceAskedAt === null || account.balanceAskedAt < at);
  });
  const refreshed = await Promise.all(stale.map((account) => refreshGameBalance(deps, account)));
  return refreshed.every(Boolean);
}
