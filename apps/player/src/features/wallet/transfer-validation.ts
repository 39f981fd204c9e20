import { TRANSFER_MIN_BAHT } from '@wallet/contract/limits';

export type TransferFormValues = { from: string; to: string; amount: string };
/** SPEC.md §5: both chosen; they must differ; at least 1 baht. Each has its own message (`transfer.errors.<issue>`). */
export type TransferIssue = 'chooseBoth' | 'sameAccount' | 'minAmount';
export type TransferField = 'from' | 'to' | 'amount';

/** A typed amount: digits with at most 2 decimals (thousands commas allowed); anything else is NaN. */
export function parseAmount(text: string): number {
  const clean = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return Number.NaN;
  return Number(clean);
}

/** Keep what a player types into the amount field to digits and at most 2 decimals. */
export function sanitizeAmountInput(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/** The first rule the form breaks, with the field to mark, or null when it may be sent. */
export function validateTransfer(values: TransferFormValues): { field: TransferField; issue: TransferIssue } | null {
  if (!values.from || !values.to) return { field: values.from ? 'to' : 'from', issue: 'chooseBoth' };
  if (values.from === values.to) return { field: 'to', issue: 'sameAccount' };
  const amount = parseAmount(values.amount);
  if (!Number.isFinite(amount) || amount < TRANSFER_MIN_BAHT) return { field: 'amount', issue: 'minAmount' };
  return null;
}
