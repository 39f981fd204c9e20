import type { PayoutStatus } from '../../providers/bank/bank-port.ts';
import { memberPayoutFlags } from '../account/account.api.ts';
import { listStale } from './withdrawal.repository.ts';
import type { WithdrawalDeps, WithdrawalService } from './withdrawal.service.ts';

export const PAYOUT_RECONCILE_INTERVAL_MS = 15_000;

export type PayoutReconcileOptions = {
  /** only rows untouched for this long (default 10 s: the request handler may still be waiting for the bank) */
  olderThanMs?: number;
  limit?: number;
};
export type PayoutReconcileReport = {
  checked: number;
  paid: number;
  failed: number;
  resent: number;
  unknown: number;
  /** payouts the bank never received, not sent again because the member's payouts are on hold */
  held: number;
};

/**
 * The payout reconciler (bank-port.ts, docs/reliability.md §2): for every `paying` withdrawal it asks the bank about its
 * payout id. `paid` settles, `rejected` marks the payout failed, `not_found` means the bank never received it and the
 * same request is sent again under the SAME id (the bank's idempotency key: it can never pay twice), anything else
 * stays paying. `approved` rows left behind (a crash before the call) are paid. A member on payout hold is never
 * paid: a payout the bank never received is not sent again while the hold lasts (it stays paying, asked about on
 * every run), and an approved row goes back to review (WithdrawalService.payout).
 */
export async function reconcilePayouts(
  deps: Pick<WithdrawalDeps, 'db' | 'clock' | 'bank'>,
  service: WithdrawalService,
  options: PayoutReconcileOptions = {},
): Promise<PayoutReconcileReport> {
  const before = new Date(deps.clock.now().getTime() - (options.olderThanMs ?? 10_000));
  const limit = options.limit ?? 100;
  const report: PayoutReconcileReport = { checked: 0, paid: 0, failed: 0, resent: 0, unknown: 0, held: 0 };
  for (const row of await listStale(deps.db, 'paying', before, limit)) {
    report.checked += 1;
    let status: PayoutStatus = await deps.bank
      .payoutStatus(row.payoutId)
      .catch((err: unknown): PayoutStatus => ({ kind: 'unknown', detail: String(err).slice(0, 200) }));
    if (status.kind === 'not_found' && (await memberPayoutFlags(deps.db, row.memberId)).payoutHold) {
      report.held += 1;
      continue;
    }
    if (status.kind === 'not_found') {
      report.resent += 1;
      status = await deps.bank
        .requestPayout({
          payoutId: row.payoutId,
          amount: row.amount,
          currency: row.currency === 'LAK' ? 'LAK' : 'THB',
          toBank: row.bankCode,
          toAccountNo: row.bankAccountNo,
          toAccountName: row.bankAccountName,
        })
        .catch((err: unknown): PayoutStatus => ({ kind: 'unknown', detail: String(err).slice(0, 200) }));
    }
    const after = await service.applyOutcome(row, status, true);
    if (after.status === 'paid') report.paid += 1;
    else if (after.status === 'payout_failed') report.failed += 1;
    else report.unknown += 1;
  }
  for (const row of await listStale(deps.db, 'approved', before, limit)) {
    report.checked += 1;
    const after = await service.payout(row.id);
    if (after.status === 'paid') report.paid += 1;
    else if (after.status === 'payout_failed') report.failed += 1;
    else report.unknown += 1;
  }
  return report;
}
