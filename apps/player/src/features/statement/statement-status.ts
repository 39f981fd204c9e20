import { WALLET_CODE } from '@wallet/contract/limits';
import type { StatementRow } from '@wallet/contract/statement';

export type StatusTone = 'success' | 'failed' | 'pending' | 'cancelled';

/**
 * docs/spec.md §4: SUCCESS and FAILED; CANCELLED: a withdrawal its member cancelled (modules/withdrawals/README.md);
 * anything else is shown as in progress.
 */
export function statusTone(status: string): StatusTone {
  const upper = status.toUpperCase();
  if (upper === 'SUCCESS') return 'success';
  if (upper === 'FAILED') return 'failed';
  if (upper === 'CANCELLED') return 'cancelled';
  return 'pending';
}

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
