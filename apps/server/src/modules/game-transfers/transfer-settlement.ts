import { sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { AppError } from '../../errors.ts';
import { updateGameBalanceSql, type GameBalanceReading } from '../game-accounts/game-accounts.api.ts';
import {
  lockMemberMoney,
  memberMoneyLockSteps,
  memberWallet,
  provider as providerAccount,
  transit,
  TripRefused,
  updateWhenPosted,
  type KeyWithLock,
} from '../ledger/ledger.api.ts';
import { assertMayPlay, mayNeedPlayCheck } from '../responsible-play/responsible-play.api.ts';
import { LEDGER_KINDS, type LedgerKind, type LedgerService, type PostInput } from '../ledger/ledger.api.ts';
import {
  findTransfer,
  insertTransfer,
  insertTransferSql,
  insertTransferStatement,
  newTransfer,
  resolvePendingSql,
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
 *
 * The open and the settlement are each ONE round trip (docs/decisions/0051-one-round-trip-money-moves.md); the
 * request's Idempotency-Key is recorded `in_progress` in the open's script and answered in the settlement's
 * (docs/decisions/0048-money-moves-fast-path.md § Game transfers). The provider's call stays between the two.
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

/**
 * The request's Idempotency-Key (http/idempotency.ts `KeyedMove`, without a fixed answer): recorded `in_progress` by
 * the open's script (`claimSql`; `held()` once it committed), answered by the settlement's (`answerSql`; `answered()`
 * once it committed). `conflict` throws the answer of an earlier request with the key.
 */
export type TransferKey = KeyWithLock & {
  held(): void;
  answerSql(outcome: { value: unknown } | { error: AppError }): SQL;
  answered(): void;
};

/** A key's answer sent with a settlement: its statement, and what to call once it committed. */
export type KeyAnswer = { sql: SQL; done(): void };

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

const holdPosting = (row: GameTransfer) =>
  posting(row, LEDGER_KINDS.toGameHold, 'hold', [
    { account: memberWallet(row.memberId), amount: -row.amount },
    { account: transit(row.game, row.memberId), amount: row.amount },
  ]);

/**
 * to_game (wallet → game), phase 1: the row and the hold in ONE round trip (MONEY_NOT_ENOUGH leaves neither): the
 * member's money lock, the key (`key`) in progress, then — when the member has no break running and no loss limit —
 * the hold's statement with the row. A member with either goes through `assertMayPlay`'s reads in a transaction of
 * separate statements (docs/decisions/0039), whose refusals carry their details.
 */
export async function openToGame(
  deps: LedgerDeps,
  input: OpenTransferInput,
  key: TransferKey | null = null,
): Promise<GameTransfer> {
  const id = newTransferId();
  let row: GameTransfer | undefined;
  try {
    await deps.ledger.oneTrip(() => {
      const now = deps.clock.now();
      const open = newTransfer({ id, ...input, direction: 'to_game', createdAt: now });
      row = open;
      return [
        // the lock first: the statements after it see every earlier move of this member (docs/decisions/0019)
        ...memberMoneyLockSteps(open.memberId, key),
        { refuse: 'SLOW_PATH', when: mayNeedPlayCheck(open.memberId, now) },
        deps.ledger.postingStep(holdPosting(open), { writes: [insertTransferSql(open)] }),
      ];
    });
  } catch (err) {
    if (!(err instanceof TripRefused)) throw err;
    if (err.code === 'KEY_ANSWERED' && key) return key.conflict(deps.db);
    if (err.code !== 'SLOW_PATH') throw err;
    row = await openToGameChecked(deps, id, input, key);
  }
  if (!row) throw new Error('game transfer: the hold script built no row');
  key?.held();
  return row;
}

/** The hold of a member with a break or a loss limit: `assertMayPlay` after the lock, in one transaction. */
async function openToGameChecked(
  deps: LedgerDeps,
  id: string,
  input: OpenTransferInput,
  key: TransferKey | null,
): Promise<GameTransfer> {
  try {
    return await deps.ledger.transaction(async (tx) => {
      const now = deps.clock.now();
      const row = newTransfer({ id, ...input, direction: 'to_game', createdAt: now });
      // an answered key leaves the transaction first: `conflict` may wait for the request holding it
      if (key)
        await lockMemberMoney(tx, row.memberId, { claimSql: (after) => key.claimSql(after), conflict: answered });
      // the member's money lock, no break, within the loss limits (docs/decisions/0039)
      await assertMayPlay(tx, row.memberId, row.amount, now);
      await deps.ledger.post(holdPosting(row), tx, { writes: [insertTransferSql(row)] });
      return row;
    });
  } catch (err) {
    if (err instanceof TripRefused && err.code === 'KEY_ANSWERED' && key) return key.conflict(deps.db);
    throw err;
  }
}

const answered = (): Promise<never> => Promise.reject(new TripRefused('KEY_ANSWERED'));

/**
 * from_game (game → wallet), phase 1: only the row, written before the provider is called (a crash leaves it
 * pending); with `key`, the key in progress in the same round trip.
 */
export async function openFromGame(
  deps: LedgerDeps,
  input: OpenTransferInput,
  key: TransferKey | null = null,
): Promise<GameTransfer> {
  const now = deps.clock.now();
  const row = { ...newTransfer({ id: newTransferId(), ...input, direction: 'from_game', createdAt: now }) };
  if (!key) return insertTransfer(deps.db, row);
  try {
    await deps.ledger.oneTrip(() => [
      {
        row: {
          with: sql`k as (${key.claimSql(sql`(select 1) as one`)})`,
          select: sql`(select count(*)::int from k) as claimed`,
        },
        refuse: [{ code: 'KEY_ANSWERED', when: 'trip_row.claimed = 0' }],
      },
      { statement: insertTransferStatement(deps.db, row) },
    ]);
  } catch (err) {
    if (err instanceof TripRefused && err.code === 'KEY_ANSWERED') return key.conflict(deps.db);
    throw err;
  }
  key.held();
  return row;
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
 * Phase 2: settle or void a pending transfer, exactly once, in ONE round trip: the conditional update that takes it
 * out of `pending` (a statement of its own: the second of two racing resolutions finds nothing and changes nothing),
 * then its posting (a settlement's game balance and `game.balanceChanged` in the posting's statement), then `answer`
 * (the request's key). Returns the transfer's final status: a transfer someone else already resolved answers with
 * that resolution (and `answer` is not recorded).
 */
export async function settleTransfer(
  deps: LedgerDeps,
  t: GameTransfer,
  resolution: Resolution,
  answer: KeyAnswer | null = null,
): Promise<TransferStatusValue> {
  try {
    await deps.ledger.oneTrip(() => {
      const now = deps.clock.now();
      const status = resolution.kind;
      const resolve = resolvePendingSql(deps.db, t.id, {
        status,
        providerRef: resolution.kind === 'success' ? resolution.providerRef : null,
        lastError: resolution.kind === 'failed' ? resolution.reason.slice(0, 500) : null,
        at: now,
      });
      // a member's app refetching on `wallet.changed` (after commit) reads the new game balance
      const gameBalance = resolution.kind === 'success' ? resolution.gameBalance : undefined;
      const also = {
        // only with a new settlement posting (docs/decisions/0019)
        writes: gameBalance
          ? [
              updateWhenPosted((posted) =>
                updateGameBalanceSql(deps.db, gameBalance.accountId, gameBalance.reading, now, posted),
              ),
            ]
          : [],
        events: resolution.kind === 'success' ? [balanceChanged(t)] : [],
      };
      // only a failed from_game posts nothing (and has no game balance or event either)
      const entry = resolutionPostings(t, resolution);
      return [
        {
          row: { with: sql`r as (${resolve})`, select: sql`(select count(*)::int from r) as resolved` },
          refuse: [{ code: 'ALREADY_RESOLVED', when: 'trip_row.resolved = 0' }],
        },
        ...(entry ? [deps.ledger.postingStep(entry, also)] : []),
        ...(answer ? [{ statement: answer.sql }] : []),
      ];
    });
  } catch (err) {
    if (!(err instanceof TripRefused && err.code === 'ALREADY_RESOLVED')) throw err;
    const current = await findTransfer(deps.db, t.id);
    if (!current) throw new Error(`game transfer ${t.id} does not exist`);
    return current.status as TransferStatusValue;
  }
  answer?.done();
  return resolution.kind;
}

/** `settleTransfer` by id: a transfer no longer pending answers with its status. */
export async function resolveTransfer(
  deps: LedgerDeps,
  transferId: string,
  resolution: Resolution,
): Promise<TransferStatusValue> {
  const current = await findTransfer(deps.db, transferId);
  if (!current) throw new Error(`game transfer ${transferId} does not exist`);
  if (current.status !== 'pending') return current.status as TransferStatusValue;
  return settleTransfer(deps, current, resolution);
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
