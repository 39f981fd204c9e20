export type WithdrawIssue = 'required' | 'min' | 'max' | 'balance';

/** Keep digits and at most two decimals. */
export function sanitizeWithdrawInput(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/** docs/spec.md §5: at least withdrawMin and at most withdrawMax, each with its own message; never above the wallet. */
export function validateWithdraw(
  text: string,
  bounds: { withdrawMin: number; withdrawMax: number },
  balance: number,
): WithdrawIssue | null {
  const amount = Number(text);
  if (text.trim() === '' || !Number.isFinite(amount) || amount <= 0) return 'required';
  if (amount < bounds.withdrawMin) return 'min';
  if (amount > bounds.withdrawMax) return 'max';
  if (amount > balance) return 'balance';
  return null;
}
