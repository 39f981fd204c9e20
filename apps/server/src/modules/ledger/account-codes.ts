/** Ledger account codes (docs/design.md §3). System accounts are sharded so one hot row never serialises all members. */
const HOUSE_SHARDS = 16;

export const memberWallet = (memberId: number) => `member:${memberId}:wallet`;
/** money a member earned from invites, claimable into the wallet */
export const memberInvite = (memberId: number) => `member:${memberId}:invite`;
/** a loss refund the member received, waiting to be added to the wallet (docs/design.md §9.6) */
export const memberRefund = (memberId: number) => `member:${memberId}:refund`;

/** spin-wheel coins: a member account in the ledger's `COIN` unit (never negative, like every member account) */
export const memberCoins = (memberId: number) => `member:${memberId}:coins`;
/** the ledger "currency" of spin coins: whole coins, no minor units */
export const COIN_UNIT = 'COIN';

const shard = (base: string, memberId: number) => `${base}#${memberId % HOUSE_SHARDS}`;
export const house = (purpose: string, memberId: number) => shard(`house:${purpose}`, memberId);
export const provider = (game: string, memberId: number) => shard(`provider:${game}`, memberId);
export const transit = (game: string, memberId: number) => shard(`transit:${game}`, memberId);

/** Accounts a member owns can never go negative; every other account may. */
export const isMemberAccount = (code: string) => code.startsWith('member:');
