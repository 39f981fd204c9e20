// The public face of the ledger module: posting, account codes, money units, kinds, invariants.
export {
  COIN_UNIT,
  HOUSE_SHARDS,
  house,
  isMemberAccount,
  logicalCode,
  memberCoins,
  memberInvite,
  memberRefund,
  memberWallet,
  provider,
  transit,
} from './account-codes.ts';
export { checkLedgerInvariants } from './invariants.ts';
export { LedgerService, type PostInput, type PostResult, type Posting } from './ledger.service.ts';
export { lockMemberMoney } from './member-lock.ts';
export { insertWhenPosted, updateWhenPosted } from './post-statement.ts';
export { toMajor, toMinor } from './money.ts';
export { OPENING_BALANCE_MINOR, openingBalanceKey, postOpeningBalance } from './opening-balance.ts';
export {
  GAME_TRANSFER_KINDS,
  isLedgerKind,
  LEDGER_KINDS,
  type LedgerKind,
  type LedgerKindName,
} from './ledger-kinds.ts';
export { memberLedgerEntries, systemAccountSums, walletFlowsByDay, type MemberLedgerEntry } from './ledger-reports.ts';
