// The public face of the `deposits` module: QR payments with signed webhooks and inquiry, slips, vouchers, manual
// notices, money in recorded once per outside transaction (DESIGN.md §9.5). Other modules import only this file
// (eslint/server-boundaries.js).
export { createDepositsModule, depositsModule, type DepositsModuleOptions } from './deposits.routes.ts';
/** Money in, recorded and credited once per `(channel, reference)`: the demo seed credits the demo invitee's deposit. */
export { recordIncoming, type IncomingMoney } from './credit.ts';
export {
  countDepositsInReview,
  dailyDepositSums,
  recentDeposits,
  type DailyDepositSum,
  type RecentDeposit,
} from './deposit-reads.ts';
