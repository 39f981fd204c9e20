import type { Tx } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';
import { COIN_UNIT, house, LEDGER_KINDS, memberCoins } from '../ledger/ledger.api.ts';

/**
 * Spin coins are a ledger counter (docs/design.md §9.7): the member's `member:{id}:coins` account in the `COIN` unit
 * against `house:spin-coins`. Every change is a balanced ledger transaction with an idempotency key, so coins are
 * audited like money, a member's count can never go below zero, and the ledger invariant covers them.
 */
export type CoinMove = { memberId: number; coins: number; key: string; metadata?: Record<string, unknown> };

const post = (ledger: LedgerService, kind: 'coinEarn' | 'coinGrant', move: CoinMove, tx?: Tx) =>
  ledger.post(
    {
      kind: LEDGER_KINDS[kind],
      currency: COIN_UNIT,
      memberId: move.memberId,
      idempotencyKey: move.key,
      metadata: move.metadata ?? {},
      postings: [
        { account: memberCoins(move.memberId), amount: BigInt(move.coins) },
        { account: house('spin-coins', move.memberId), amount: -BigInt(move.coins) },
      ],
    },
    tx,
  );

/**
 * Coins a credited deposit earns: whole coins per full 100 (major units) at the setting's rate, never more than the
 * setting's cap per deposit (a provider's absurd amount must not mint coins by the billion). Counted in bigint, so
 * the cap applies before anything becomes a number.
 */
export function coinsForDeposit(
  amountMinor: bigint,
  rates: { coinsPerHundred: number; maxCoinsPerDeposit: number },
): number {
  if (amountMinor <= 0n || rates.coinsPerHundred <= 0 || rates.maxCoinsPerDeposit <= 0) return 0;
  const earned = (amountMinor / 10_000n) * BigInt(rates.coinsPerHundred);
  const cap = BigInt(rates.maxCoinsPerDeposit);
  return Number(earned < cap ? earned : cap);
}

/** Credit earned coins once per deposit (`coins:deposit:{depositId}`): a redelivered event is a replay. */
export const earnCoins = (ledger: LedgerService, move: CoinMove) => post(ledger, 'coinEarn', move);

/** Give coins (demo seed, operator gesture) once per key. */
export const grantCoins = (ledger: LedgerService, move: CoinMove) => post(ledger, 'coinGrant', move);

/** Spend one coin in the caller's transaction; a member with none gets the ledger's MONEY_NOT_ENOUGH. */
export const spendCoin = (ledger: LedgerService, tx: Tx, memberId: number, key: string, drawId: string) =>
  ledger.post(
    {
      kind: LEDGER_KINDS.coinSpend,
      currency: COIN_UNIT,
      memberId,
      idempotencyKey: key,
      metadata: { drawId },
      postings: [
        { account: memberCoins(memberId), amount: -1n },
        { account: house('spin-coins', memberId), amount: 1n },
      ],
    },
    tx,
  );

export const coinBalance = async (ledger: LedgerService, memberId: number, tx?: Tx): Promise<number> =>
  Number(await ledger.balance(memberCoins(memberId), COIN_UNIT, tx));
