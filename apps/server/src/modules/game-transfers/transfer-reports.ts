import { and, asc, count, desc, eq, gte, lt, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameTransfers } from '../../db/schema/game-transfers.ts';
import type { GameTransfer } from './transfer.repository.ts';

/** A member's game transfers with their provider state, newest first. */
export async function memberTransfers(
  db: Db,
  memberId: number,
  page: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined },
): Promise<{ rows: GameTransfer[]; total: number }> {
  const where = and(
    eq(gameTransfers.memberId, memberId),
    page.from ? gte(gameTransfers.createdAt, new Date(page.from)) : undefined,
    page.to ? lt(gameTransfers.createdAt, new Date(page.to)) : undefined,
  );
  const rows = await db
    .select()
    .from(gameTransfers)
    .where(where)
    .orderBy(desc(gameTransfers.createdAt))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(gameTransfers).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Transfers still pending (outcome unknown), oldest first. */
export async function pendingTransfers(db: Db, limit: number): Promise<{ rows: GameTransfer[]; total: number }> {
  const where = eq(gameTransfers.status, 'pending');
  const rows = await db.select().from(gameTransfers).where(where).orderBy(asc(gameTransfers.createdAt)).limit(limit);
  const [total] = await db.select({ n: count() }).from(gameTransfers).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Money on its way from the member's wallet to a game: to_game transfers still pending. It has left the wallet (the
 * hold) but is not yet in the game account's stored balance, so a "total balance" must count it (promotions).
 */
export async function inFlightToGame(db: Db | Tx, memberId: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(gameTransfers.amount) })
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.memberId, memberId),
        eq(gameTransfers.direction, 'to_game'),
        eq(gameTransfers.status, 'pending'),
      ),
    );
  return BigInt(row?.total ?? 0);
}

/** One member's settled transfers per game created in [from, to): into the game and back out (minor units). */
export async function memberTransferTotalsByGame(
  db: Db,
  memberId: number,
  range: { from?: Date; to?: Date },
): Promise<Array<{ game: string; transferredIn: bigint; transferredOut: bigint }>> {
  const rows = await db
    .select({ game: gameTransfers.game, direction: gameTransfers.direction, total: sum(gameTransfers.amount) })
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.memberId, memberId),
        eq(gameTransfers.status, 'success'),
        range.from ? gte(gameTransfers.createdAt, range.from) : undefined,
        range.to ? lt(gameTransfers.createdAt, range.to) : undefined,
      ),
    )
    .groupBy(gameTransfers.game, gameTransfers.direction);
  const byGame = new Map<string, { game: string; transferredIn: bigint; transferredOut: bigint }>();
  for (const r of rows) {
    const entry = byGame.get(r.game) ?? { game: r.game, transferredIn: 0n, transferredOut: 0n };
    if (r.direction === 'to_game') entry.transferredIn += BigInt(r.total ?? 0);
    else entry.transferredOut += BigInt(r.total ?? 0);
    byGame.set(r.game, entry);
  }
  return [...byGame.values()];
}
