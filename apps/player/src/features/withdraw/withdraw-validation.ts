export type WithdrawIssue = 'required' | 'decimals' | 'min' | 'max' | 'balance';

/**
 * Keep digits and one decimal point. Decimals are not cut: a third one is refused with the server's own message
 * (validateWithdraw: 'decimals', the AMOUNT_DECIMALS text), never silently dropped.
 */
export function sanitizeWithdrawInput(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('')}`;
}

/** At most two decimals, as the server takes them (contract MoneySchema). */
const hasAtMostTwoDecimals = (text: string): boolean => !/\.\d{3,}$/.test(text.trim());

/** docs/spec.md §5: at least withdrawMin and at most withdrawMax, each with its own message; never above the wallet. */
export function validateWithdraw(
  text: string,
  bounds: { withdrawMin: number; withdrawMax: number },
  balance: number,
): WithdrawIssue | null {
  const amount = Number(text);
  if (text.trim() === '' || !Number.isFinite(amount) || amount <= 0) return 'required';
  if (!hasAtMostTwoDecimals(text)) return 'decimals';
  if (amount < bounds.withdrawMin) return 'min';
  if (amount > bounds.withdrawMax) return 'max';
  if (amount > balance) return 'balance';
  return null;
}

/** The last four digits of an account number, the rest masked: 1234567890 → •••-•••-7890. */
export function maskAccountNumber(accountNo: string): string {
  const raw = accountNo.trim();
  if (raw.length <= 4) return raw;
  const last = raw.slice(-4);
  return /^\d{10}$/.test(raw) ? `•••-•••-${last}` : `•••• ${last}`;
}
