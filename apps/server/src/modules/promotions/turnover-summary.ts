import { and, between, eq, sql, sum } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { gameBets, memberTurnoverDaily, turnoverCursors } from '../../db/schema/promotions.ts';
import { bangkokDate } from '../../lib/bangkok-time.ts';
import type { BetRecord, GameProvider } from '../../providers/games/game-provider.ts';
import { membersByUsername } from '../game-accounts/game-accounts.api.ts';

/** One member's valid bets and win/loss over a Bangkok day (from the providers' bet history, turnover pull job). */
export type MemberWinLoss = {
  memberId: number;
  /** Bangkok calendar day, YYYY-MM-DD */
  day: string;
  /** valid bets (turnover), minor units */
  validBets: bigint;
  /** payouts minus stakes: negative when the member lost */
  winLoss: bigint;
  betCount: number;
};

/** Each pull re-reads this much before its cursor: a bet the provider reports late is still seen (ids dedupe). */
const OVERLAP_MS = 10 * 60_000;
/** The first pull of a game reads this far back. */
const FIRST_PULL_MS = 24 * 3_600_000;
const CHUNK = 500;

export type TurnoverDeps = { db: Db; clock: Clock; log: FastifyBaseLogger; providers: Map<string, GameProvider> };

type NewBet = typeof gameBets.$inferInsert;

/**
 * Store bets not seen before and add exactly those to the per-member, per-day summary, in one transaction: the
 * (game, bet id) primary key makes a bet count once across retries, restarts and concurrent processes.
 */
export async function storeBets(tx: Tx, bets: NewBet[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < bets.length; i += CHUNK) {
    const inserted = await tx
      .insert(gameBets)
      .values(bets.slice(i, i + CHUNK))
      .onConflictDoNothing()
      .returning({ memberId: gameBets.memberId, day: gameBets.day, stake: gameBets.stake, payout: gameBets.payout });
    const byDay = new Map<string, { memberId: number; day: string; bets: bigint; winLoss: bigint; n: number }>();
    for (const b of inserted) {
      const key = `${b.memberId}|${b.day}`;
      const row = byDay.get(key) ?? { memberId: b.memberId, day: b.day, bets: 0n, winLoss: 0n, n: 0 };
      row.bets += b.stake;
      row.winLoss += b.payout - b.stake;
      row.n += 1;
      byDay.set(key, row);
    }
    for (const r of [...byDay.values()].sort((a, b) => a.memberId - b.memberId || a.day.localeCompare(b.day))) {
      await tx
        .insert(memberTurnoverDaily)
        .values({ memberId: r.memberId, day: r.day, validBets: r.bets, winLoss: r.winLoss, betCount: r.n })
        .onConflictDoUpdate({
          target: [memberTurnoverDaily.memberId, memberTurnoverDaily.day],
          set: {
            validBets: sql`${memberTurnoverDaily.validBets} + excluded.valid_bets`,
            winLoss: sql`${memberTurnoverDaily.winLoss} + excluded.win_loss`,
            betCount: sql`${memberTurnoverDaily.betCount} + excluded.bet_count`,
          },
        });
    }
    added += inserted.length;
  }
  return added;
}

async function pullGame(deps: TurnoverDeps, game: string, provider: GameProvider, now: Date) {
  const [cursor] = await deps.db.select().from(turnoverCursors).where(eq(turnoverCursors.game, game));
  const from = new Date((cursor?.pulledUntil.getTime() ?? now.getTime() - FIRST_PULL_MS + OVERLAP_MS) - OVERLAP_MS);
  const bets: BetRecord[] = await provider.betsBetween(from, now);
  const members = await membersByUsername(deps.db, game, [...new Set(bets.map((b) => b.playerUsername))]);
  const rows: NewBet[] = bets.flatMap((b) => {
    const memberId = members.get(b.playerUsername);
    if (memberId === undefined || b.stake <= 0n) return [];
    return [
      { game, betId: b.betId, memberId, stake: b.stake, payout: b.payout, placedAt: b.placedAt, pulledAt: now },
    ].map((r) => ({ ...r, day: bangkokDate(r.placedAt) }));
  });
  const added = await deps.db.transaction(async (tx) => {
    const n = await storeBets(tx, rows);
    await tx
      .insert(turnoverCursors)
      .values({ game, pulledUntil: now })
      .onConflictDoUpdate({
        target: turnoverCursors.game,
        set: { pulledUntil: sql`greatest(${turnoverCursors.pulledUntil}, excluded.pulled_until)` },
      });
    return n;
  });
  return { added, members: new Set(rows.map((r) => r.memberId)) };
}

/**
 * The turnover pull (every minute): each game's bet history since its cursor into `game_bets` and the daily
 * summary. A provider that fails is skipped this round (its cursor stays, the next pull reads the gap).
 */
export async function pullTurnover(deps: TurnoverDeps): Promise<{ bets: number; members: number[]; failed: string[] }> {
  const now = deps.clock.now();
  let bets = 0;
  const members = new Set<number>();
  const failed: string[] = [];
  for (const [game, provider] of deps.providers) {
    try {
      const result = await pullGame(deps, game, provider, now);
      bets += result.added;
      for (const m of result.members) members.add(m);
    } catch (err) {
      deps.log.warn({ err, game }, 'turnover pull: provider skipped');
      failed.push(game);
    }
  }
  return { bets, members: [...members], failed };
}

export async function dailyWinLoss(db: Db | Tx, day: string): Promise<MemberWinLoss[]> {
  const rows = await db.select().from(memberTurnoverDaily).where(eq(memberTurnoverDaily.day, day));
  return rows.map((r) => ({
    memberId: r.memberId,
    day: r.day,
    validBets: r.validBets,
    winLoss: r.winLoss,
    betCount: r.betCount,
  }));
}

export async function turnoverBetween(
  db: Db | Tx,
  query: { memberId: number; fromDay: string; toDay: string },
): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(memberTurnoverDaily.validBets) })
    .from(memberTurnoverDaily)
    .where(
      and(
        eq(memberTurnoverDaily.memberId, query.memberId),
        between(memberTurnoverDaily.day, query.fromDay, query.toDay),
      ),
    );
  return BigInt(row?.total ?? 0);
}
