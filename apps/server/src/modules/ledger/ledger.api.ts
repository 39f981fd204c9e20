// The public face of the ledger module: posting, the money transaction, account codes, money units, kinds,
// invariants (docs/decisions/0006-ledger-design.md, 0019-money-transaction-and-member-lock.md).
export {
  COIN_UNIT,
  house,
  memberCoins,
  memberInvite,
  memberRefund,
  memberWallet,
  provider,
  transit,
} from './account-codes.ts';
export { checkLedgerInvariants } from './invariants.ts';
export { LedgerService, type PostInput } from './ledger.service.ts';
export { lockMemberMoney, memberMoneyLockSteps, type KeyWithLock } from './member-lock.ts';
export { TripRefused } from './one-trip.ts';
export { moneyTransaction } from './money-transaction.ts';
export { insertWhenPosted, updateWhenPosted } from './post-statement.ts';
export { toMajor, toMinor } from './money.ts';
export { postOpeningBalance } from './opening-balance.ts';
export { isLedgerKind, LEDGER_KINDS, type LedgerKind } from './ledger-kinds.ts';
export { memberLedgerEntries, systemAccountSums, type MemberLedgerEntry } from './ledger-reports.ts';
