/**
 * Every kind of ledger transaction, in one typed registry (docs/design.md §3). Settlement posts with these, the statement
 * presents them and the checks count them: nobody spells a kind as a string literal elsewhere. The values are what
 * `ledger_transactions.kind` stores, so a value never changes once posted; a new money flow adds a kind here.
 */
export const LEDGER_KINDS = {
  /** the demo member's starting credit (house:adjustment → wallet) */
  openingBalance: 'opening_balance',
  /** bank money in (deposits module) */
  deposit: 'deposit',
  /** bank money out (withdrawals module), requested: wallet → house:withdraw_pending */
  withdraw: 'withdraw',
  /** the bank paid it: house:withdraw_pending → house:withdraw */
  withdrawPaid: 'withdraw_paid',
  /** rejected: house:withdraw_pending → wallet */
  withdrawReversal: 'withdraw_reversal',
  /** an operator's balance adjustment (house:adjustment ↔ wallet), with a reason; 4-eyes above a setting */
  adjustment: 'adjustment',
  bonus: 'bonus',
  promotion: 'promotion',
  /** the invite balance received: member:{id}:invite → wallet (the statement's INVITE row) */
  invite: 'invite',
  /** the refund balance added to the wallet: member:{id}:refund → wallet (the statement's REFUND row) */
  refund: 'refund',
  /** a referral commission earned: house:invite → member:{id}:invite (not in the statement) */
  inviteCommission: 'invite_commission',
  /** a computed loss refund received: house:refund → member:{id}:refund (not in the statement) */
  refundReceive: 'refund_receive',
  luckydraw: 'luckydraw',
  finishBonus: 'finish_bonus',
  /** spin coins (unit COIN) earned from a credited deposit: house:spin-coins → member:{id}:coins */
  coinEarn: 'coin_earn',
  /** spin coins granted by the demo seed or an operator */
  coinGrant: 'coin_grant',
  /** one spin coin spent on a draw: member:{id}:coins → house:spin-coins */
  coinSpend: 'coin_spend',
  /** game transfer to_game, phase 1: wallet → transit:{game} */
  toGameHold: 'transfer_out',
  /** game transfer to_game settled: transit → provider:{game} */
  toGameSettle: 'transfer_out_settle',
  /** game transfer to_game failed: transit → wallet */
  toGameVoid: 'transfer_out_void',
  /** game transfer from_game settled: provider:{game} → wallet */
  fromGameSettle: 'transfer_in',
} as const;

type LedgerKindName = keyof typeof LEDGER_KINDS;
export type LedgerKind = (typeof LEDGER_KINDS)[LedgerKindName];

const KNOWN = new Set<string>(Object.values(LEDGER_KINDS));

/** Narrow a stored kind (a text column) to the registry. */
export function isLedgerKind(value: string): value is LedgerKind {
  return KNOWN.has(value);
}
