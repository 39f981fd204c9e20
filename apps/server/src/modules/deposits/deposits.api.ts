// The public face of the `deposits` module: QR payments with signed webhooks and inquiry, slips, vouchers, manual
// notices, money in recorded once per outside transaction (DESIGN.md §9.5). Other modules import only this file
// (eslint/server-boundaries.js).
export { createDepositsModule, depositsModule, type DepositsModuleOptions } from './deposits.routes.ts';
/** The approvals queue's executor for manual notices (docs/decisions/0022-four-eyes-approvals.md). */
export { manualDepositApprovals } from './manual-approvals.ts';
/** Money in, recorded and credited once per `(channel, reference)`: the demo seed credits the demo invitee's deposit. */
export { recordIncoming, type IncomingMoney } from './credit.ts';
export {
  countDepositsInReview,
  dailyDepositSums,
  recentDeposits,
  type DailyDepositSum,
  type RecentDeposit,
} from './deposit-reads.ts';
// The back office's member 360 page and global search (docs/decisions/0034-member-360-and-exports.md).
export { findDeposits, memberDepositPage, type DepositRecord } from './deposit-lookups.ts';
