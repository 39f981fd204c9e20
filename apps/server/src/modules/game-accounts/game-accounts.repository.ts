import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameAccounts } from '../../db/schema/games.ts';
import { memberChanged } from '../../lib/change-signals.ts';

export type GameAccount = typeof gameAccounts.$inferSelect;

export async function findGameAccount(db: Db | Tx, memberId: number, game: string): Promise<GameAccount | undefined> {
  const [row] = await db
    .select()
    .from(gameAccounts)
    .where(and(eq(gameAccounts.memberId, memberId), eq(gameAccounts.game, game)));
  return row;
}

export function listGameAccounts(db: Db | Tx, memberId: number): Promise<GameAccount[]> {
  return db.select().from(gameAccounts).where(eq(gameAccounts.memberId, memberId));
}

/** Insert unless the member already has this game; undefined when another request won the race. */
export async function insertGameAccount(
  db: Db,
  row: { memberId: number; game: string; username: string; passwordEnc: string; createdAt: Date },
): Promise<GameAccount | undefined> {
  const [created] = await db.insert(gameAccounts).values(row).onConflictDoNothing().returning();
  if (created) memberChanged(created.memberId);
  return created;
}

export async function updateGamePassword(db: Db, id: number, passwordEnc: string): Promise<void> {
  await db.update(gameAccounts).set({ passwordEnc }).where(eq(gameAccounts.id, id));
}

/** Remember the provider's balance as last seen. */
export async function updateGameBalance(db: Db | Tx, id: number, balance: bigint, at: Date): Promise<void> {
  const rows = await db
    .update(gameAccounts)
    .set({ balance, balanceUpdatedAt: at })
    .where(eq(gameAccounts.id, id))
    .returning({ memberId: gameAccounts.memberId });
  memberChanged(...rows.map((r) => r.memberId));
}
