// How much a member deposited and lost in a period, read from the owners' rows (declared in db/cross-owner-sql.ts;
// the definitions are docs/responsible-play.md §2).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rawRows } from '../../db/raw.ts';

/** Deposits credited to the wallet since `from` (every channel; held or rejected ones are not money in). */
export async function depositedSince(db: Db | Tx, memberId: number, from: Date): Promise<bigint> {
  const [row] = await rawRows<{ total: string | null }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as total from deposits
        where member_id = ${memberId} and status = 'credited' and credited_at >= ${from.toISOString()}`,
  );
  return BigInt(row?.total ?? '0');
}

/**
 * Net loss since `from`: money moved into games (pending or done) minus money that came back out (done), never
 * below 0. A win brought back to the wallet therefore makes room under the limit again.
 */
export async function lostSince(db: Db | Tx, memberId: number, from: Date): Promise<bigint> {
  const [row] = await rawRows<{ net: string | null }>(
    db,
    sql`select coalesce(sum(case when direction = 'to_game' and status in ('pending', 'success') then amount
                                 when direction = 'from_game' and status = 'success' then -amount
                                 else 0 end), 0)::text as net
        from game_transfers where member_id = ${memberId} and created_at >= ${from.toISOString()}`,
  );
  const net = BigInt(row?.net ?? '0');
  return net > 0n ? net : 0n;
}

/**
 * Money moved into games (pending or done) and money brought back out (done) since `from`, each a sum of the
 * member's own transfer rows: the reality check's net result of a session (docs/responsible-play.md §6).
 */
export async function gameMoneySince(
  db: Db | Tx,
  memberId: number,
  from: Date,
): Promise<{ toGames: bigint; fromGames: bigint }> {
  const [row] = await rawRows<{ into: string | null; back: string | null }>(
    db,
    sql`select coalesce(sum(case when direction = 'to_game' and status in ('pending', 'success') then amount else 0 end), 0)::text as into,
               coalesce(sum(case when direction = 'from_game' and status = 'success' then amount else 0 end), 0)::text as back
        from game_transfers where member_id = ${memberId} and created_at >= ${from.toISOString()}`,
  );
  return { toGames: BigInt(row?.into ?? '0'), fromGames: BigInt(row?.back ?? '0') };
}
