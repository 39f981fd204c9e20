import type { AdminWithdrawalRow } from '@wallet/contract/admin/withdrawals';
import { formatAccountNumber } from '@wallet/web-core/format-account-number';
import { formatMoney } from '@wallet/web-core/format';

/** The withdrawal a decision dialog is about: member, payout account and amount. */
export function AccountSummary({ row }: { row: AdminWithdrawalRow }) {
  return (
    <div className="rounded-xl bg-surface p-3 text-sm ring-1 ring-line">
      <p className="font-semibold text-fg">
        {row.member.name} · <span className="tabular-nums">{row.member.username}</span>
      </p>
      <p className="tabular-nums">
        {row.bankAccount.bankCode} {formatAccountNumber(row.bankAccount.bankAccountNo)} ·{' '}
        {row.bankAccount.bankAccountName}
      </p>
      <p className="mt-1 text-lg font-bold tabular-nums">
        {formatMoney(row.amount)} {row.currency}
      </p>
    </div>
  );
}
