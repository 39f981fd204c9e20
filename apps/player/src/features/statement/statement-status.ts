import { WALLET_CODE } from '@wallet/contract/limits';
import type { StatementRow } from '@wallet/contract/statement';

export type StatusTone = 'success' | 'failed' | 'pending' | 'cancelled' | 'review';

/**
 * docs/spec.md §4: SUCCESS and FAILED; CANCELLED: a withdrawal its member cancelled (modules/withdrawals/README.md);
 * REVIEW: a deposit an operator still has to look at (a transfer notice); anything else is shown as in progress.
 */
export function statusTone(status: string): StatusTone {
  const upper = status.toUpperCase();
  if (upper === 'SUCCESS') return 'success';
  if (upper === 'FAILED') return 'failed';
  if (upper === 'CANCELLED') return 'cancelled';
  if (upper === 'REVIEW') return 'review';
  return 'pending';
}

/**
 * A move that did not happen (failed, or a withdrawal cancelled): its amount is shown struck through, as tried. A
 * bonus taken back at a cancel reads Cancelled but did move money, so it is not void.
 */
export const isVoid = (row: Pick<StatementRow, 'status' | 'amount' | 'finish'>): boolean => {
  const tone = statusTone(row.status);
  return row.amount > 0 && !row.finish && (tone === 'failed' || tone === 'cancelled');
};

export type Direction = 'in' | 'out' | 'neutral';

/** Money into the main wallet is +, out of it is −; a move between two non-wallet places is neutral. */
export function direction(row: Pick<StatementRow, 'statementType' | 'from' | 'to' | 'amount'>): Direction {
  // a bonus condition that ended moves no money: neither + nor −
  if (row.amount === 0) return 'neutral';
  if (row.to === WALLET_CODE && row.from !== WALLET_CODE) return 'in';
  if (row.from === WALLET_CODE && row.to !== WALLET_CODE) return 'out';
  if (row.statementType === 'deposit' || row.statementType === 'bonus') return 'in';
  if (row.statementType === 'withdraw') return 'out';
  return 'neutral';
}

/** Pages for a total at a page size (at least 1 when there is anything). */
export const totalPages = (total: number, pageSize: number): number =>
  total > 0 && pageSize > 0 ? Math.ceil(total / pageSize) : 0;
