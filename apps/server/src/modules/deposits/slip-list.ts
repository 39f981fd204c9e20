import type { SlipFailureReason } from '@wallet/contract/errors';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deposits, slips } from '../../db/schema/deposits.ts';
import { toMajor } from '../ledger/ledger.api.ts';

type SlipOutcome = { status: string; note: string | null };

/**
 * A slip in `REVIEW` ends with its deposit's operator decision (docs/decisions/0025-slip-sender-and-provider-amounts.md):
 * credited from this slip is SUCCESS, rejected is NOT_MATCH (the operator found another sender), credited from
 * another member's slip of the same transfer is SLIP_REFNO_DUPLICATED; still waiting stays REVIEW.
 */
function slipOutcome(
  slip: { id: string; status: string; note: string | null },
  deposit: { status: string; sourceId: string | null } | null,
): SlipOutcome {
  if (slip.status !== 'REVIEW' || !deposit || deposit.status === 'review') return slip;
  const failed = (note: SlipFailureReason): SlipOutcome => ({ status: 'FAILED', note });
  if (deposit.status === 'rejected') return failed('NOT_MATCH');
  return deposit.sourceId === slip.id ? { status: 'SUCCESS', note: null } : failed('SLIP_REFNO_DUPLICATED');
}

/** POST /api/statement/slip: the member's slips, newest first (docs/spec.md §3 slip row). */
export async function listSlips(db: Db, memberId: number, page: number, limit: number) {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(slips)
    .where(eq(slips.memberId, memberId));
  const rows = await db
    .select({ slip: slips, deposit: { status: deposits.status, sourceId: deposits.sourceId } })
    .from(slips)
    .leftJoin(deposits, eq(deposits.id, slips.depositId))
    .where(eq(slips.memberId, memberId))
    .orderBy(desc(slips.createdAt))
    .limit(limit)
    .offset((Math.max(1, page) - 1) * limit);
  return {
    total: count?.n ?? 0,
    slips: rows.map(({ slip: r, deposit }) => {
      const outcome = slipOutcome(r, deposit);
      return {
        createdAt: r.createdAt.toISOString(),
        amount: r.amount === null ? 0 : toMajor(r.amount),
        status: outcome.status,
        note: outcome.note ?? '',
        link: `/api/statement/slip/reference/${r.id}`,
        reference: r.id,
      };
    }),
  };
}
