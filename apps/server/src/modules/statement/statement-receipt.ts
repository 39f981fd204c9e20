import { sql } from 'drizzle-orm';
import type { StatementReceipt } from '@wallet/contract/statement';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** Only the last four digits of a destination account are shown (as on the withdrawal review). */
const masked = (accountNo: string) => `••••${accountNo.slice(-4)}`;

/**
 * The references behind one statement row (its `_id`), read when the member opens its receipt, so the page query
 * stays as narrow as it is: a ledger posting's channel and reference (deposits post them in `metadata`), a
 * withdrawal's bank, masked account and the bank's payout reference, a game transfer's provider reference, a
 * reviewed deposit's channel and reference. Every lookup names the caller; another member's row is NOT_FOUND.
 */
export async function findReceipt(db: Db, memberId: number, id: string): Promise<StatementReceipt> {
  if (id.startsWith('condition:')) {
    const found = rowsOf(
      await db.execute(
        sql`select 1 from promotion_conditions where member_id = ${memberId} and id::text = ${id.slice(10)}`,
      ),
    );
    if (found.length === 0) throw new AppError('NOT_FOUND');
    return { id };
  }
  const [row] = rowsOf(
    await db.execute(sql`
      select 'ledger' as source, t.metadata ->> 'channel' as channel, t.metadata ->> 'reference' as reference,
             null as bank_code, null as account_no, null as bank_ref, null as provider_ref
      from ledger_transactions t
      where ${/^\d{1,18}$/.test(id)} and t.member_id = ${memberId} and t.id::text = ${id}
      union all
      select 'withdrawal', null, null, w.bank_code, w.bank_account_no, w.bank_ref, null
      from withdrawals w where w.member_id = ${memberId} and w.id = ${id}
      union all
      select 'transfer', null, null, null, null, null, g.provider_ref
      from game_transfers g where g.member_id = ${memberId} and g.id = ${id}
      union all
      select 'notice', d.channel, d.reference, null, null, null, null
      from deposits d where d.member_id = ${memberId} and d.id = ${id}
      limit 1`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  const accountNo = text(row.account_no);
  const receipt: StatementReceipt = { id };
  const fields: [keyof StatementReceipt, string | undefined][] = [
    ['channel', text(row.channel)],
    ['reference', text(row.reference)],
    ['bankCode', text(row.bank_code)],
    ['accountNo', accountNo && masked(accountNo)],
    ['bankReference', text(row.bank_ref)],
    ['providerReference', text(row.provider_ref)],
  ];
  for (const [key, value] of fields) if (value) receipt[key] = value;
  return receipt;
}
