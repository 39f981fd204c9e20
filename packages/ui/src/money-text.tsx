import { clsx } from 'clsx';
import { formatMoney } from '@wallet/web-core/format';

export type MoneyTextProps = {
  amount: number | string | null | undefined;
  /** unit after the number (e.g. the translated "baht" or "LAK"); omitted when not given */
  currency?: string;
  /** colour by sign: positive success, negative danger */
  isSigned?: boolean;
  className?: string;
};

/** An amount with 2 decimals and thousands separators (docs/spec.md §9), tabular digits. */
export function MoneyText({ amount, currency, isSigned = false, className }: MoneyTextProps) {
  const value = Number(amount ?? 0);
  const text = formatMoney(value);
  return (
    <span
      className={clsx(
        'tabular-nums',
        isSigned && value > 0 && 'text-success',
        isSigned && value < 0 && 'text-danger',
        className,
      )}
    >
      {isSigned && value > 0 ? `+${text}` : text}
      {currency && <span className="ml-1 text-[0.8em] font-semibold opacity-70">{currency}</span>}
    </span>
  );
}
