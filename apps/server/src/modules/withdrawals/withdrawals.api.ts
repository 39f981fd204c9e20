// The public face of the `withdrawals` module: withdrawal requests and payouts (DESIGN.md §9.4). Other modules
// import only this file (eslint/server-boundaries.js).
import type { Db } from '../../db/client.ts';
import {
  memberWithdrawals as listMemberWithdrawals,
  pendingPayouts as listPendingPayouts,
} from './withdrawal.repository.ts';
import { toAdminWithdrawal } from './withdrawals.routes.ts';

export { reconcilePayouts, type PayoutReconcileReport } from './payout-reconciler.ts';
export {
  buildWithdrawalDeps,
  createWithdrawalsModule,
  withdrawalsModule,
  type WithdrawalsModuleOptions,
} from './withdrawals.routes.ts';
export { WithdrawalService, type MemberFlags } from './withdrawal.service.ts';
export { withdrawalsLedgerCheck } from './withdrawal-checks.ts';

/** A member's latest withdrawals, newest first (the back-office member page). */
export async function memberWithdrawals(db: Db, memberId: number, limit = 20) {
  return (await listMemberWithdrawals(db, memberId, limit)).map((w) => toAdminWithdrawal(w));
}

/** Payouts the bank has not settled (approved or paying), oldest first (dashboard, reconciliation page). */
export async function pendingPayouts(db: Db, limit = 100) {
  return (await listPendingPayouts(db, limit)).map((w) => toAdminWithdrawal(w));
}
// The back office's member 360 page, global search and CSV export (docs/decisions/0034-member-360-and-exports.md).
export {
  findWithdrawals,
  membersPaidToSameAccounts,
  withdrawalPage,
  withdrawalsInBatches,
  type WithdrawalFilter,
} from './withdrawal-lookups.ts';
export type { Withdrawal } from './withdrawal.repository.ts';
