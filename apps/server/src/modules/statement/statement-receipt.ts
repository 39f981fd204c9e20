import { sql } from 'drizzle-orm';
import { WALLET_CODE } from '@wallet/contract/limits';
import type { StatementReceipt, StatementRow } from '@wallet/contract/statement';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { toMajor } from '../ledger/ledger.api.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** Only the last four digits of a destination account are shown (as on the withdrawal review). */
const masked = (accountNo: string) => `••••${accountNo.slice(-4)}`;

const DEPOSIT_STATUS: Record<string, string> = { credited: 'SUCCESS', review: 'REVIEW', rejected: 'FAILED' };

/** A deposit as its statement row (the row a credited deposit's posting shows, or its review row). */
function depositRow(id: string, row: Row): StatementRow {
  return {
    _id: id,
    statementType: 'deposit',
    from: String(row.channel),
    to: WALLET_CODE,
    amount: toMajor(BigInt(String(row.amount))),
    status: DEPOSIT_STATUS[String(row.status)] ?? 'PENDING',
    createdAt: new Date(Number(row.created_ms)).toISOString(),
  };
}

/**
 * The references behind one statement row (its `_id`), read when the member opens its receipt, so the page query
 * stays as narrow as it is: a ledger posting's channel and reference (deposits post them in `metadata`), a
 * withdrawal's bank, masked account and the bank's payout reference, a game transfer's provider reference, a
 * deposit's channel and reference with its row (asked by the deposit's id: an inbox entry, or a review row). Every lookup names the caller; another member's row is NOT_FOUND.
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
             null as bank_code, null as account_no, null as bank_ref, null as provider_ref,
             null::bigint as amount, null as status, null::text as created_ms
      from ledger_transactions t
      where ${/^\d{1,18}$/.test(id)} and t.member_id = ${memberId} and t.id::text = ${id}
      union all
      select 'withdrawal', null, null, w.bank_code, w.bank_account_no, w.bank_ref, null, null, null, null
      from withdrawals w where w.member_id = ${memberId} and w.id = ${id}
      union all
      select 'transfer', null, null, null, null, null, g.provider_ref, null, null, null
      from game_transfers g where g.member_id = ${memberId} and g.id = ${id}
      union all
      select 'deposit', d.channel, d.reference, null, null, null, null, d.amount, d.status,
             floor(extract(epoch from coalesce(d.credited_at, d.created_at)) * 1000)::bigint::text
      from deposits d where d.member_id = ${memberId} and d.id = ${id}
      limit 1`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  const accountNo = text(row.account_no);
  const receipt: StatementReceipt = { id };
  const fields: [Exclude<keyof StatementReceipt, 'row'>, string | undefined][] = [
    ['channel', text(row.channel)],
    ['reference', text(row.reference)],
    ['bankCode', text(row.bank_code)],
    ['accountNo', accountNo && masked(accountNo)],
    ['bankReference', text(row.bank_ref)],
    ['providerReference', text(row.provider_ref)],
  ];
  for (const [key, value] of fields) if (value) receipt[key] = value;
  if (row.source === 'deposit') receipt.row = depositRow(id, row);
  return receipt;
}
