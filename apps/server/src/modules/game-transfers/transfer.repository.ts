import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameTransfers } from '../../db/schema/game-transfers.ts';
import { insertWhenPosted } from '../ledger/ledger.api.ts';

export type GameTransfer = typeof gameTransfers.$inferSelect;
export type { GameTransferDirection } from '../../db/schema/game-transfers.ts';
export type TransferStatusValue = 'pending' | 'success' | 'failed';

export async function insertTransfer(db: Db | Tx, row: typeof gameTransfers.$inferInsert): Promise<GameTransfer> {
  const [created] = await db.insert(gameTransfers).values(row).returning();
  if (!created) throw new Error('game transfer insert returned nothing');
  return created;
}

/** A new pending transfer's row as `insertTransferSql` stores it (the columns left to their defaults filled in). */
export function newTransfer(
  row: Pick<GameTransfer, 'id' | 'memberId' | 'game' | 'direction' | 'amount' | 'currency' | 'createdAt'>,
): GameTransfer {
  return {
    ...row,
    status: 'pending',
    providerRef: null,
    attempts: 0,
    lastError: null,
    updatedAt: row.createdAt,
    settledAt: null,
  };
}

/** The INSERT of a new transfer, sent with its ledger hold in one statement (none on a replayed hold). */
export function insertTransferSql(tx: Tx, row: GameTransfer) {
  return insertWhenPosted(gameTransfers, row);
}

export async function findTransfer(db: Db | Tx, id: string): Promise<GameTransfer | undefined> {
  const [row] = await db.select().from(gameTransfers).where(eq(gameTransfers.id, id));
  return row;
}

/**
 * The member's other transfers of the same game that ran alongside `t` (opened before it was resolved and resolved
 * after it was opened, or still pending): how many are still pending and how many are resolved.
 */
export async function transfersAlongside(db: Db | Tx, t: GameTransfer): Promise<{ pending: number; resolved: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${gameTransfers.status} = 'pending')::int`,
      resolved: sql<number>`count(*) filter (where ${gameTransfers.status} <> 'pending')::int`,
    })
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.memberId, t.memberId),
        eq(gameTransfers.game, t.game),
        sql`${gameTransfers.id} <> ${t.id}`,
        sql`(${gameTransfers.status} = 'pending' or ${gameTransfers.updatedAt} >= ${t.createdAt.toISOString()}::timestamptz)`,
      ),
    );
  return { pending: row?.pending ?? 0, resolved: row?.resolved ?? 0 };
}

/**
 * Move a transfer out of `pending`, at most once: the conditional update is the lock. Returns the row when this
 * call resolved it, undefined when someone else (request handler or reconciler) already had.
 */
export async function resolvePending(
  tx: Tx,
  id: string,
  change: { status: 'success' | 'failed'; providerRef: string | null; lastError: string | null; at: Date },
): Promise<GameTransfer | undefined> {
  const [row] = await tx
    .update(gameTransfers)
    .set({
      status: change.status,
      providerRef: change.providerRef,
      lastError: change.lastError,
      settledAt: change.at,
      updatedAt: change.at,
    })
    .where(and(eq(gameTransfers.id, id), eq(gameTransfers.status, 'pending')))
    .returning();
  return row;
}

/** Note an unanswered call or inquiry on a transfer that stays pending. */
export async function notePending(db: Db, id: string, error: string, at: Date, countAttempt: boolean): Promise<void> {
  await db
    .update(gameTransfers)
    .set({
      lastError: error.slice(0, 500),
      updatedAt: at,
      ...(countAttempt ? { attempts: sql`${gameTransfers.attempts} + 1` } : {}),
    })
    .where(and(eq(gameTransfers.id, id), eq(gameTransfers.status, 'pending')));
}

/** Pending transfers created at or before `before`, oldest first. */
export function listPending(db: Db, before: Date, limit: number): Promise<GameTransfer[]> {
  return db
    .select()
    .from(gameTransfers)
    .where(and(eq(gameTransfers.status, 'pending'), lte(gameTransfers.createdAt, before)))
    .orderBy(asc(gameTransfers.createdAt))
    .limit(limit);
}

/** A member's latest transfers, newest first (the back-office withdrawals queue shows them beside a request). */
export function recentTransfers(db: Db, memberId: number, limit: number): Promise<GameTransfer[]> {
  return db
    .select()
    .from(gameTransfers)
    .where(eq(gameTransfers.memberId, memberId))
    .orderBy(desc(gameTransfers.createdAt))
    .limit(limit);
}
