import { TRANSFER_MIN_BAHT } from '@wallet/contract/limits';

export type TransferFormValues = { from: string; to: string; amount: string };
/**
 * docs/spec.md §5: both chosen; they must differ; at least 1 baht; not more than the source's balance the form shows
 * (checked inline before sending; the server stays the authority). Each has its own message (`transfer.errors.<issue>`).
 */
export type TransferIssue = 'chooseBoth' | 'sameAccount' | 'decimals' | 'minAmount' | 'overBalance';
export type TransferField = 'from' | 'to' | 'amount';

/** A typed amount: digits with at most 2 decimals (thousands commas allowed); anything else is NaN. */
export function parseAmount(text: string): number {
  const clean = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return Number.NaN;
  return Number(clean);
}

/**
 * Keep what a player types into the amount field to digits and one decimal point. Decimals are not cut: a third one
 * is refused by validateTransfer ('decimals', the server's AMOUNT_DECIMALS text), never silently dropped.
 */
export function sanitizeAmountInput(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('')}`;
}

/** What a source holds, rounded down to what can be typed (2 decimals): the most a transfer may move. */
export const transferableOf = (balance: number): number => Math.max(0, Math.floor(balance * 100) / 100);

/** A quick amount never asks for more than the source holds (no source known yet: as is). */
export const clampQuickAmount = (quick: number, balance: number | undefined): number =>
  balance === undefined ? quick : Math.min(quick, transferableOf(balance));

/**
 * The first rule the form breaks, with the field to mark, or null when it may be sent. `available` is the
 * source's balance as the form shows it (undefined: unknown, left to the server).
 */
export function validateTransfer(
  values: TransferFormValues,
  available?: number,
): { field: TransferField; issue: TransferIssue } | null {
  if (!values.from || !values.to) return { field: values.from ? 'to' : 'from', issue: 'chooseBoth' };
  if (values.from === values.to) return { field: 'to', issue: 'sameAccount' };
  if (/\.\d{3,}$/.test(values.amount.trim())) return { field: 'amount', issue: 'decimals' };
  const amount = parseAmount(values.amount);
  if (!Number.isFinite(amount) || amount < TRANSFER_MIN_BAHT) return { field: 'amount', issue: 'minAmount' };
  if (available !== undefined && amount > transferableOf(available)) return { field: 'amount', issue: 'overBalance' };
  return null;
}
