// What a promotion condition measures (docs/decisions/0020-bonus-cancel-and-claim-rules.md): the member's total
// balance, the turnover of valid bets since the start, the bets over the max bet, what a cancel forfeits.
import type { OverMaxBets } from '@wallet/contract/promotions';
import { and, count, desc, eq, gt, gte, lt, lte, sum, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameBets, type promotionConditions } from '../../db/schema/promotions.ts';
import { listGameAccounts } from '../game-accounts/game-accounts.api.ts';
import { inFlightToGame } from '../game-transfers/game-transfers.api.ts';
import { LedgerService, memberWallet, toMajor } from '../ledger/ledger.api.ts';

type ConditionRow = typeof promotionConditions.$inferSelect;

/**
 * Wallet plus the last known balance of every game account (docs/design.md §4 "total balance"), plus money in flight to a
 * game: between a transfer's hold and its settlement the amount is in neither the wallet nor the stored game balance,
 * and a player who moves everything into a game must not look broke (and fail the condition) meanwhile.
 */
export async function totalBalance(db: Db | Tx, memberId: number, currency: string): Promise<bigint> {
  return (await balancesOf(db, memberId, currency)).total;
}

/** The wallet alone, and the total balance: wallet + game balances + money in flight to a game. */
export async function balancesOf(
  db: Db | Tx,
  memberId: number,
  currency: string,
): Promise<{ wallet: bigint; total: bigint }> {
  const wallet = await new LedgerService(db as Db).balance(memberWallet(memberId), currency, db as Tx);
  const inFlight = await inFlightToGame(db, memberId);
  const games = await listGameAccounts(db, memberId);
  return { wallet, total: games.reduce((total, account) => total + account.balance, wallet + inFlight) };
}

/** The condition's bets: placed since it started (and before it ended). */
const betsOf = (c: ConditionRow): SQL | undefined =>
  and(
    eq(gameBets.memberId, c.memberId),
    gte(gameBets.placedAt, c.startedAt),
    c.endedAt ? lt(gameBets.placedAt, c.endedAt) : undefined,
  );

/**
 * Valid bets of the member placed since the condition started (the turnover pull's `game_bets`); a bet above the
 * promotion's maxBet does not count (docs/decisions/0020-bonus-cancel-and-claim-rules.md).
 */
async function turnoverOf(db: Db | Tx, c: ConditionRow): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(gameBets.stake) })
    .from(gameBets)
    .where(and(betsOf(c), c.maxBet === null ? undefined : lte(gameBets.stake, c.maxBet)));
  return BigInt(row?.total ?? 0);
}

/** Bets above the condition's maxBet (not counted toward its turnover): how many, their stakes, the latest `limit`. */
export async function overMaxBets(db: Db | Tx, c: ConditionRow, limit = 10): Promise<OverMaxBets> {
  if (c.maxBet === null) return { count: 0, stake: 0, latest: [] };
  const over = and(betsOf(c), gt(gameBets.stake, c.maxBet));
  const [totals] = await db
    .select({ n: count(), stake: sum(gameBets.stake) })
    .from(gameBets)
    .where(over);
  const latest = await db.select().from(gameBets).where(over).orderBy(desc(gameBets.placedAt)).limit(limit);
  return {
    count: totals?.n ?? 0,
    stake: toMajor(BigInt(totals?.stake ?? 0)),
    latest: latest.map((b) => ({
      game: b.game,
      betId: b.betId,
      stake: toMajor(b.stake),
      placedAt: b.placedAt.toISOString(),
    })),
  };
}

/** Progress toward the success rule: turnover made, or the total balance. */
export async function progressOf(db: Db | Tx, c: ConditionRow): Promise<{ progress: bigint; balance: bigint }> {
  const balance = await totalBalance(db, c.memberId, c.currency);
  const progress = c.successRule === 'turnover' ? await turnoverOf(db, c) : balance;
  return { progress, balance };
}

/** What a cancel takes back: the bonus, or the whole total balance when that is less (never below zero). */
export const forfeitOf = (bonus: bigint, total: bigint): bigint => (total <= 0n ? 0n : total < bonus ? total : bonus);
