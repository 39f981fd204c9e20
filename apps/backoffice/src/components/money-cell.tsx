import { clsx } from 'clsx';
import { formatMoney } from '@wallet/web-core/format';

export type MoneyCellProps = {
  /** major units as the API speaks them (e.g. 1500.5 baht) */
  amount: number | string | null | undefined;
  /** ISO code shown after the number: THB, LAK */
  currency?: string;
  /** colour by sign: positive green, negative red, with an explicit + */
  isSigned?: boolean;
  className?: string;
};

/** An amount in a table cell: two decimals, thousands separators, the currency, right-aligned tabular digits. */
export function MoneyCell({ amount, currency = 'THB', isSigned = false, className }: MoneyCellProps) {
  const value = Number(amount ?? 0);
  return (
    <span
      data-money
      className={clsx(
        'block text-right whitespace-nowrap tabular-nums',
        isSigned && value > 0 && 'text-success',
        isSigned && value < 0 && 'text-danger',
        className,
      )}
    >
      {isSigned && value > 0 ? '+' : ''}
      {formatMoney(value)}
      <span className="ml-1 text-[0.75em] font-semibold text-muted">{currency}</span>
    </span>
  );
}
