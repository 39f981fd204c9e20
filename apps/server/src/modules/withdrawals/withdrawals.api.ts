// The public face of the `withdrawals` module: withdrawal requests and payouts (docs/design.md §9.4). Other modules
// import only this file (eslint/server-boundaries.js); its routes, jobs and payout reconciler are wired by
// withdrawals.module.ts (docs/decisions/0028-module-seams.md).
import type { Db } from '../../db/client.ts';
import { toAdminWithdrawal } from './admin-withdrawal.ts';
import { memberWithdrawals as listMemberWithdrawals } from './withdrawal.repository.ts';

export { withdrawalsLedgerCheck } from './withdrawal-checks.ts';
export { dailyPaidWithdrawals, unsettledPayouts, withdrawalQueueCounts } from './withdrawal-figures.ts';

/** A member's latest withdrawals, newest first (the back-office member page). */
export async function memberWithdrawals(db: Db, memberId: number, limit = 20) {
  return (await listMemberWithdrawals(db, memberId, limit)).map((w) => toAdminWithdrawal(w));
}
// The back office's member 360 page, global search and CSV export (docs/decisions/0034-member-360-and-exports.md).
export {
  decisionTimesByReviewer,
  findWithdrawals,
  membersPaidToSameAccounts,
  withdrawalPage,
  withdrawalsInBatches,
  type WithdrawalFilter,
  type WithdrawalOrder,
} from './withdrawal-lookups.ts';
