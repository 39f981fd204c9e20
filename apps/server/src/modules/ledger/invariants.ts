import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rawRows } from '../../db/raw.ts';

type Row = Record<string, unknown>;

/**
 * The ledger invariant (docs/design.md §3, docs/reliability.md INV). Returns one line per violation; empty means sound:
 *  - per currency, all entries sum to zero;
 *  - each transaction's entries sum to zero and it has entries;
 *  - no member account below zero;
 *  - each account's balance equals the sum of its entries.
 * Modules with pending states (game transfers...) add their own checks through `extraChecks`.
 */
export async function checkLedgerInvariants(
  db: Db,
  extraChecks: Array<(db: Db) => Promise<string[]>> = [],
): Promise<string[]> {
  const problems: string[] = [];
  const rows = (query: ReturnType<typeof sql>) => rawRows<Row>(db, query);

  for (const r of await rows(
    sql`select currency, sum(amount)::text as total from ledger_entries group by currency having sum(amount) <> 0`,
  )) {
    problems.push(`entries of ${String(r.currency)} sum to ${String(r.total)}, not 0`);
  }
  for (const r of await rows(sql`
    select t.id::text as id, t.kind, coalesce(sum(e.amount), 0)::text as total, count(e.id)::int as n
    from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id, t.kind having coalesce(sum(e.amount), 0) <> 0 or count(e.id) = 0`)) {
    problems.push(
      `transaction ${String(r.id)} (${String(r.kind)}) has ${String(r.n)} entries summing to ${String(r.total)}`,
    );
  }
  for (const r of await rows(
    sql`select code, balance::text as balance from ledger_accounts where not allow_negative and balance < 0`,
  )) {
    problems.push(`account ${String(r.code)} is negative: ${String(r.balance)}`);
  }
  for (const r of await rows(sql`
    select a.code, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as total
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.code, a.balance having a.balance <> coalesce(sum(e.amount), 0)`)) {
    problems.push(`account ${String(r.code)} balance ${String(r.balance)} != entries ${String(r.total)}`);
  }
  for (const check of extraChecks) problems.push(...(await check(db)));
  return problems;
}
