import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { LEDGER_KINDS } from '../ledger/ledger.api.ts';
import { rawRows } from '../../db/raw.ts';

type Row = Record<string, unknown>;
const rows = (db: Db, query: ReturnType<typeof sql>) => rawRows<Row>(db, query);

/**
 * Invariants of the withdrawals' books: `house:withdraw_pending` holds exactly the withdrawals not yet paid,
 * rejected or cancelled, and every withdrawal has exactly the postings its state calls for (one hold; one paid
 * posting when paid, one reversal when rejected or cancelled, never both).
 */
export async function withdrawalsLedgerCheck(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const [held] = await rows(
    db,
    sql`select
          (select coalesce(sum(balance), 0) from ledger_accounts where code like 'house:withdraw_pending#%')::text as books,
          (select coalesce(sum(amount), 0) from withdrawals
            where status in ('pending_review', 'approved', 'paying', 'payout_failed'))::text as open`,
  );
  if (held && held.books !== held.open) {
    problems.push(`house:withdraw_pending holds ${String(held.books)}, open withdrawals sum to ${String(held.open)}`);
  }
  const wrong = await rows(
    db,
    sql`select w.id, w.status,
          count(*) filter (where t.kind = ${LEDGER_KINDS.withdraw}) as holds,
          count(*) filter (where t.kind = ${LEDGER_KINDS.withdrawPaid}) as paid,
          count(*) filter (where t.kind = ${LEDGER_KINDS.withdrawReversal}) as reversals
        from withdrawals w
        left join ledger_transactions t on t.metadata->>'withdrawalId' = w.id
        group by w.id, w.status
        having count(*) filter (where t.kind = ${LEDGER_KINDS.withdraw}) <> 1
            or count(*) filter (where t.kind = ${LEDGER_KINDS.withdrawPaid}) <> (case when w.status = 'paid' then 1 else 0 end)
            or count(*) filter (where t.kind = ${LEDGER_KINDS.withdrawReversal}) <> (case when w.status in ('rejected', 'cancelled') then 1 else 0 end)
        limit 50`,
  );
  for (const r of wrong) {
    problems.push(
      `withdrawal ${String(r.id)} (${String(r.status)}): ${String(r.holds)} holds, ${String(r.paid)} paid, ${String(r.reversals)} reversals`,
    );
  }
  return problems;
}
