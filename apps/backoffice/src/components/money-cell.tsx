import { clsx } from 'clsx';
import { formatMinor, formatMoney } from '@wallet/web-core/format';

export type MoneyCellProps = {
  /** major units as the API speaks them (e.g. 1500.5 baht) */
  amount?: number | string | null | undefined;
  /**
   * instead of `amount`: a ledger amount in minor units (the API's strings) of `currency`, printed for its unit
   * (`formatMinor`: baht ÷ 100, a count unit such as COIN as the whole number it is)
   */
  minor?: string | null | undefined;
  /** ISO code shown after the number: THB, LAK */
  currency?: string;
  /** colour by sign: positive green, negative red, with an explicit + */
  isSigned?: boolean;
  className?: string;
};

/** An amount in a table cell: two decimals, thousands separators, the currency, right-aligned tabular digits. */
export function MoneyCell({ amount, minor, currency = 'THB', isSigned = false, className }: MoneyCellProps) {
  const value = Number((minor === undefined ? amount : minor) ?? 0);
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
      {minor === undefined ? formatMoney(value) : formatMinor(minor, currency)}
      <span className="ml-1 text-[0.75em] font-semibold text-muted">{currency}</span>
    </span>
  );
}
