import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { updateGameBalanceSql, type GameBalanceReading } from '../game-accounts/game-accounts.api.ts';
import { memberWallet, provider as providerAccount, transit, updateWhenPosted } from '../ledger/ledger.api.ts';
import { assertMayPlay } from '../responsible-play/responsible-play.api.ts';
import { LEDGER_KINDS, type LedgerKind, type LedgerService, type PostInput } from '../ledger/ledger.api.ts';
import {
  findTransfer,
  insertTransfer,
  insertTransferSql,
  newTransfer,
  resolvePending,
  type GameTransfer,
  type TransferStatusValue,
} from './transfer.repository.ts';

/**
 * The ledger side of two-phase game transfers (docs/design.md §3). Every posting's idempotency key derives from the
 * transfer id, and every state change is a conditional update in the same database transaction as its posting,
 * so a transfer resolves at most once whoever (request handler, reconciler, another process) gets there first.
 *
 *   to_game (wallet → game)    open:    wallet → transit:{game}    `transfer:{id}:hold`   (LEDGER_KINDS.toGameHold)
 *                              success: transit → provider:{game}  `transfer:{id}:settle` (LEDGER_KINDS.toGameSettle)
 *                              failed:  transit → wallet           `transfer:{id}:void`   (LEDGER_KINDS.toGameVoid)
 *                                       (a definite refusal, or the provider confirmed it cancelled our id)
 *   from_game (game → wallet)  open:    nothing moves
 *                              success: provider:{game} → wallet   `transfer:{id}:settle` (LEDGER_KINDS.fromGameSettle)
 *                              failed:  nothing moves
 */

type LedgerDeps = { db: Db; ledger: LedgerService; clock: { now(): Date } };
export type OpenTransferInput = { memberId: number; currency: string; game: string; amount: bigint };
export type Resolution =
  | {
      kind: 'success';
      providerRef: string;
      /**
       * the game account's balance the provider answered with, stored in the settlement's transaction unless a
       * newer reading is stored already (ADR 0024)
       */
      gameBalance?: { accountId: number; reading: GameBalanceReading };
    }
  | { kind: 'failed'; reason: string };

/** Our transfer id: 144 random bits, URL-safe, also accepted by the providers' id rules ([A-Za-z0-9_-]). */
function newTransferId(): string {
  return randomBytes(18).toString('base64url');
}

const posting = (t: GameTransfer, kind: LedgerKind, step: string, postings: PostInput['postings']): PostInput => ({
  kind,
  currency: t.currency,
  memberId: t.memberId,
  idempotencyKey: `transfer:${t.id}:${step}`,
  reference: t.id,
  metadata: { transferId: t.id, game: t.game, direction: t.direction },
  postings,
});

/** to_game (wallet → game), phase 1: the row and the hold in one transaction (MONEY_NOT_ENOUGH leaves neither). */
export function openToGame(deps: LedgerDeps, input: OpenTransferInput): Promise<GameTransfer> {
  const now = deps.clock.now();
  const id = newTransferId();
  const row = newTransfer({ id, ...input, direction: 'to_game', createdAt: now });
  // the row and the hold in one statement: BEGIN, the statement, COMMIT
  return deps.ledger.transaction(async (tx) => {
    // the member's money lock, no break, within the loss limits (docs/decisions/0039)
    await assertMayPlay(tx, row.memberId, row.amount, now);
    await deps.ledger.post(
      posting(row, LEDGER_KINDS.toGameHold, 'hold', [
        { account: memberWallet(row.memberId), amount: -row.amount },
        { account: transit(row.game, row.memberId), amount: row.amount },
      ]),
      tx,
      { writes: [insertTransferSql(tx, row)] },
    );
    return row;
  });
}

/** from_game (game → wallet), phase 1: only the row, written before the provider is called (a crash leaves it pending). */
export function openFromGame(deps: LedgerDeps, input: OpenTransferInput): Promise<GameTransfer> {
  const now = deps.clock.now();
  return insertTransfer(deps.db, {
    id: newTransferId(),
    ...input,
    direction: 'from_game',
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  });
}

function resolutionPostings(t: GameTransfer, resolution: Resolution): PostInput | null {
  const wallet = memberWallet(t.memberId);
  if (t.direction === 'to_game') {
    return resolution.kind === 'success'
      ? posting(t, LEDGER_KINDS.toGameSettle, 'settle', [
          { account: transit(t.game, t.memberId), amount: -t.amount },
          { account: providerAccount(t.game, t.memberId), amount: t.amount },
        ])
      : posting(t, LEDGER_KINDS.toGameVoid, 'void', [
          { account: transit(t.game, t.memberId), amount: -t.amount },
          { account: wallet, amount: t.amount },
        ]);
  }
  return resolution.kind === 'success'
    ? posting(t, LEDGER_KINDS.fromGameSettle, 'settle', [
        { account: providerAccount(t.game, t.memberId), amount: -t.amount },
        { account: wallet, amount: t.amount },
      ])
    : null;
}

/**
 * Phase 2: settle or void a pending transfer, exactly once; a settlement emits `game.balanceChanged` with it. Returns the transfer's final status; `pending` never
 * comes back from here, but a transfer someone else already resolved answers with that resolution.
 */
export async function resolveTransfer(
  deps: LedgerDeps,
  transferId: string,
  resolution: Resolution,
): Promise<TransferStatusValue> {
  const now = deps.clock.now();
  return deps.ledger.transaction(async (tx: Tx) => {
    const row = await resolvePending(tx, transferId, {
      status: resolution.kind,
      providerRef: resolution.kind === 'success' ? resolution.providerRef : null,
      lastError: resolution.kind === 'failed' ? resolution.reason.slice(0, 500) : null,
      at: now,
    });
    if (!row) {
      const current = await findTransfer(tx, transferId);
      if (!current) throw new Error(`game transfer ${transferId} does not exist`);
      return current.status as TransferStatusValue;
    }
    // a settlement's game balance and game.balanceChanged go in its posting's statement: a member's app
    // refetching on `wallet.changed` (after commit) reads the new game balance
    const gameBalance = resolution.kind === 'success' ? resolution.gameBalance : undefined;
    const also = {
      // only with a new settlement posting (docs/decisions/0019)
      writes: gameBalance
        ? [
            updateWhenPosted((posted) =>
              updateGameBalanceSql(tx, gameBalance.accountId, gameBalance.reading, now, posted),
            ),
          ]
        : [],
      events: resolution.kind === 'success' ? [balanceChanged(row)] : [],
    };
    // only a failed from_game posts nothing (and has no game balance or event either)
    const entry = resolutionPostings(row, resolution);
    if (entry) await deps.ledger.post(entry, tx, also);
    return row.status as TransferStatusValue;
  });
}

function balanceChanged(row: GameTransfer) {
  const amount = row.direction === 'to_game' ? row.amount : -row.amount;
  return {
    type: 'game.balanceChanged' as const,
    payload: {
      memberId: row.memberId,
      game: row.game,
      transferId: row.id,
      direction: row.direction,
      amount: amount.toString(),
    },
  };
}
