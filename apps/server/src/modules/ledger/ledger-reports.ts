import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger.ts';
import { withRows } from '../../db/raw.ts';

export type MemberLedgerEntry = {
  entryId: string;
  transactionId: string;
  kind: string;
  account: string;
  amount: bigint;
  currency: string;
  reference: string | null;
  metadata: unknown;
  at: Date;
};

/** Entries on the member's own accounts (wallet, invite), newest first. */
export async function memberLedgerEntries(
  db: Db,
  memberId: number,
  page: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined },
): Promise<{ rows: MemberLedgerEntry[]; total: number }> {
  const where = and(
    eq(ledgerAccounts.memberId, memberId),
    page.from ? gte(ledgerTransactions.createdAt, new Date(page.from)) : undefined,
    page.to ? lt(ledgerTransactions.createdAt, new Date(page.to)) : undefined,
  );
  const rows = await db
    .select({
      entryId: ledgerEntries.id,
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      account: ledgerAccounts.code,
      amount: ledgerEntries.amount,
      currency: ledgerEntries.currency,
      reference: ledgerTransactions.reference,
      metadata: ledgerTransactions.metadata,
      at: ledgerTransactions.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where);
  return {
    rows: rows.map((r) => ({ ...r, entryId: String(r.entryId), transactionId: String(r.transactionId) })),
    total: Number(total?.n ?? 0),
  };
}

/** Balance of every non-member account summed over its shards (`house:adjustment`, `provider:pg`...). */
export async function systemAccountSums(
  db: Db,
): Promise<Array<{ account: string; currency: string; balance: bigint; shards: number }>> {
  const result = withRows<{ account: string; currency: string; balance: string; shards: number }>(
    await db.execute(sql`
    select regexp_replace(code, '#\\d+$', '') as account, currency, sum(balance)::text as balance, count(*)::int as shards
    from ledger_accounts where code not like 'member:%' group by 1, 2 order by 1, 2`),
  );
  return result.rows.map((r) => ({ ...r, balance: BigInt(r.balance), shards: Number(r.shards) }));
}
