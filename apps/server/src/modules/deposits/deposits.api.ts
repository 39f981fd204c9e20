// The public face of the `deposits` module: QR payments with signed webhooks and inquiry, slips, vouchers, manual
// notices, money in recorded once per outside transaction (docs/design.md §9.5). Other modules import only this file
// (eslint/server-boundaries.js); the routes and the manual-notice executor are wired by deposits.module.ts
// (docs/decisions/0028-module-seams.md).
/** Money in, recorded and credited once per `(channel, reference)`: the demo seed credits the demo invitee's deposit. */
export { recordIncoming } from './credit.ts';
export { countDepositsInReview, recentDeposits } from './deposit-reads.ts';
export { dailyDepositsByChannel } from './deposit-figures.ts';
export { recentDepositsOf } from './recent-deposits-batch.ts';
// The back office's member 360 page and global search (docs/decisions/0034-member-360-and-exports.md).
export { findDeposits, memberDepositPage } from './deposit-lookups.ts';
