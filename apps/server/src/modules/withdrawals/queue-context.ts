import type { AdminWithdrawalRow } from '@wallet/contract/admin/withdrawals';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payoutFlagsOf } from '../account/account.api.ts';
import { recentDepositsOf } from '../deposits/deposits.api.ts';
import { recentTransfersOf } from '../game-transfers/game-transfers.api.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import { withRows } from '../../db/raw.ts';

type Context = AdminWithdrawalRow['context'];
const TRANSFERS = 5;
const WITHDRAWALS = 6;
const DEPOSITS = 5;

/** The latest withdrawals of each of many members, newest first, in one query. */
async function recentWithdrawalsOf(db: Db, memberIds: number[]) {
  const result = withRows<{ member_id: number; amount: string; status: string; created_at: string | Date }>(
    await db.execute(sql`
    select member_id, amount::text as amount, status, created_at from (
      select *, row_number() over (partition by member_id order by created_at desc, id) as n
      from withdrawals where member_id in (${sql.join(memberIds, sql`, `)})
    ) w where n <= ${WITHDRAWALS} order by member_id, created_at desc, id`),
  );
  return result.rows.map((r) => ({
    memberId: Number(r.member_id),
    amount: BigInt(r.amount),
    status: r.status,
    createdAt: new Date(r.created_at),
  }));
}

/**
 * The queue column's context (flags and recent money moves) for every member on a page: one query per kind of
 * context, whatever the page size (not one set of queries per row).
 */
export async function queueContextOf(db: Db, memberIds: number[]): Promise<Map<number, Context>> {
  const out = new Map<number, Context>();
  if (memberIds.length === 0) return out;
  const [flags, transfers, own, deposits] = await Promise.all([
    payoutFlagsOf(db, memberIds),
    recentTransfersOf(db, memberIds, TRANSFERS),
    recentWithdrawalsOf(db, memberIds),
    recentDepositsOf(db, memberIds, DEPOSITS),
  ]);
  for (const id of memberIds) {
    out.set(id, {
      ...(flags.get(id) ?? { flagged: false, payoutHold: false }),
      recentTransfers: transfers
        .filter((t) => t.memberId === id)
        .map((t) => ({
          game: t.game,
          direction: t.direction as Context['recentTransfers'][number]['direction'],
          amount: toMajor(t.amount),
          status: t.status,
          createdAt: t.createdAt.toISOString(),
        })),
      recentWithdrawals: own
        .filter((w) => w.memberId === id)
        .map((w) => ({ amount: toMajor(w.amount), status: w.status, createdAt: w.createdAt.toISOString() })),
      recentDeposits: deposits
        .filter((d) => d.memberId === id)
        .map((d) => ({
          channel: d.channel as Context['recentDeposits'][number]['channel'],
          amount: toMajor(d.amount),
          status: d.status,
          createdAt: d.createdAt.toISOString(),
        })),
    });
  }
  return out;
}
