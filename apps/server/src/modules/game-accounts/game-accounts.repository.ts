import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameAccounts } from '../../db/schema/game-accounts.ts';
import { memberBalanceChanged } from '../../lib/change-signals.ts';

export type GameAccount = typeof gameAccounts.$inferSelect;

/** The member's active account at a game (a reservation still being created at the provider is not one). */
export async function findGameAccount(db: Db | Tx, memberId: number, game: string): Promise<GameAccount | undefined> {
  const [row] = await db
    .select()
    .from(gameAccounts)
    .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.game, game), eq(gameAccounts.status, 'active')));
  return row;
}

export function listGameAccounts(db: Db | Tx, memberId: number): Promise<GameAccount[]> {
  return db
    .select()
    .from(gameAccounts)
    .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.status, 'active')));
}

/** The members behind provider usernames of one game (the turnover pull maps bet history to members). */
export async function membersByUsername(db: Db | Tx, game: string, usernames: string[]): Promise<Map<string, number>> {
  if (usernames.length === 0) return new Map();
  const rows = await db
    .select({ username: gameAccounts.username, memberId: gameAccounts.memberId })
    .from(gameAccounts)
    .where(and(eq(gameAccounts.game, game), inArray(gameAccounts.username, usernames)));
  return new Map(rows.map((r) => [r.username, r.memberId]));
}

type NewGameAccount = { memberId: number; game: string; username: string; passwordEnc: string; createdAt: Date };

/**
 * Reserve the member's row for a game before calling the provider; undefined when a row exists already (active,
 * or another activation in flight). A reservation older than `staleBefore` (its process died mid-call) is taken
 * over with the new credentials, atomically, so still only one request calls out.
 */
export async function reserveGameAccount(
  db: Db,
  row: NewGameAccount,
  staleBefore: Date,
): Promise<GameAccount | undefined> {
  const [created] = await db
    .insert(gameAccounts)
    .values({ ...row, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [taken] = await db
    .update(gameAccounts)
    .set({ username: row.username, passwordEnc: row.passwordEnc, createdAt: row.createdAt })
    .where(
      and(
        eq(gameAccounts.memberId, row.memberId),
        eq(gameAccounts.game, row.game),
        eq(gameAccounts.status, 'pending'),
        lt(gameAccounts.createdAt, staleBefore),
      ),
    )
    .returning();
  return taken;
}

export async function confirmGameAccount(db: Db, id: number): Promise<void> {
  const rows = await db
    .update(gameAccounts)
    .set({ status: 'active' })
    .where(eq(gameAccounts.id, id))
    .returning({ memberId: gameAccounts.memberId });
  // the wallet view lists active accounts only: a confirmed one changes it
  memberBalanceChanged(...rows.map((r) => r.memberId));
}

/** The provider refused: give the reservation back so a later try can call out again. */
export async function releaseGameAccount(db: Db, id: number): Promise<void> {
  await db.delete(gameAccounts).where(and(eq(gameAccounts.id, id), eq(gameAccounts.status, 'pending')));
}

export async function updateGamePassword(db: Db, id: number, passwordEnc: string): Promise<void> {
  await db.update(gameAccounts).set({ passwordEnc }).where(eq(gameAccounts.id, id));
}

/**
 * One reading of a game balance: what the provider answered, its balance version when it sent one, and when we sent
 * the call that read it.
 */
export type GameBalanceReading = { balance: bigint; version?: bigint | undefined; askedAt: Date };

/**
 * Only a newer reading replaces the stored one (ADR 0024): when both carry the provider's balance version, the
 * higher version wins (an equal one is the same state); otherwise the reading asked later wins. Answers that come
 * back out of order can then never leave an older balance behind.
 */
function isNewer(reading: GameBalanceReading) {
  const version = reading.version ?? null;
  return sql`(${gameAccounts.balanceAskedAt} is null or case
    when ${version}::bigint is not null and ${gameAccounts.balanceVersion} is not null
      then ${gameAccounts.balanceVersion} <= ${version}::bigint
    else ${gameAccounts.balanceAskedAt} <= ${reading.askedAt.toISOString()}::timestamptz end)`;
}

function readingSet(reading: GameBalanceReading, at: Date) {
  return {
    balance: reading.balance,
    balanceUpdatedAt: at,
    balanceAskedAt: reading.askedAt,
    // a reading without a version keeps the last version seen: a later versioned answer still compares to it
    ...(reading.version === undefined ? {} : { balanceVersion: reading.version }),
  };
}

/**
 * The UPDATE of `updateGameBalance`, for a caller to send within a larger statement (a settlement's posting); the
 * member's caches hear of it from the event that statement records (`game.balanceChanged`). `also`: one more
 * condition, the ledger's "the posting is new" (`updateWhenPosted`).
 */
export function updateGameBalanceSql(db: Db | Tx, id: number, reading: GameBalanceReading, at: Date, also?: SQL) {
  return db
    .update(gameAccounts)
    .set(readingSet(reading, at))
    .where(and(eq(gameAccounts.id, id), isNewer(reading), also));
}

/** Remember the provider's balance as last seen, unless a newer reading is stored already. Returns whether it was. */
export async function updateGameBalance(
  db: Db | Tx,
  id: number,
  reading: GameBalanceReading,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(gameAccounts)
    .set(readingSet(reading, at))
    .where(and(eq(gameAccounts.id, id), isNewer(reading)))
    .returning({ memberId: gameAccounts.memberId });
  memberBalanceChanged(...rows.map((r) => r.memberId));
  return rows.length > 0;
}
