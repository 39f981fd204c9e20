import { and, eq, inArray, lt } from 'drizzle-orm';
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

/** Remember the provider's balance as last seen. */
/**
 * The UPDATE of `updateGameBalance`, for a caller to send within a larger statement (a settlement's posting); the
 * member's caches hear of it from the event that statement records (`game.balanceChanged`).
 */
export function updateGameBalanceSql(db: Db | Tx, id: number, balance: bigint, at: Date) {
  return db.update(gameAccounts).set({ balance, balanceUpdatedAt: at }).where(eq(gameAccounts.id, id));
}

export async function updateGameBalance(db: Db | Tx, id: number, balance: bigint, at: Date): Promise<void> {
  const rows = await db
    .update(gameAccounts)
    .set({ balance, balanceUpdatedAt: at })
    .where(eq(gameAccounts.id, id))
    .returning({ memberId: gameAccounts.memberId });
  memberBalanceChanged(...rows.map((r) => r.memberId));
}
