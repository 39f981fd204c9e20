import { MINOR_PER_MAJOR, TRANSFER_MIN_BAHT, WALLET_CODE } from '@wallet/contract/limits';
import type { TransferRequest } from '@wallet/contract/wallet';
import { AppError } from '../../errors.ts';
import { memberWallet } from '../ledger/ledger.api.ts';
import { toMajor, toMinor } from '../ledger/ledger.api.ts';
import type { GamesDeps } from '../game-accounts/game-accounts.api.ts';
import { providerOf } from '../game-accounts/game-accounts.api.ts';
import {
  findGameAccount,
  listGameAccounts,
  updateGameBalance,
  type GameAccount,
} from '../game-accounts/game-accounts.api.ts';
import { callWithSameId, isInsufficient, withTimeout } from './provider-call.ts';
import { refreshGameBalance } from './balance-freshness.ts';
import {
  findTransfer,
  notePending,
  transfersAlongside,
  type GameTransfer,
  type GameTransferDirection,
} from './transfer.repository.ts';
import { openFromGame, openToGame, resolveTransfer } from './transfer-settlement.ts';

/** The provider adapter keeps its wire words: to_game is its `deposit`, from_game its `withdraw`. */
const WIRE_OP = { to_game: 'deposit', from_game: 'withdraw' } as const;

export type TransferMember = { id: number; currency: string };
export type LegResult = {
  status: 'success' | 'failed' | 'pending';
  transferId: string;
  amount: bigint;
  reason?: string;
};
export type TransferReply = { message: string; status: 'SUCCESS' | 'PENDING'; transferId: string };
export type TransferAllReply = { message: string; amount: number; pending: number };

const MIN_TRANSFER_MINOR = BigInt(TRANSFER_MIN_BAHT * MINOR_PER_MAJOR);
const TRANSFER_ALL_ATTEMPTS = 3;

/** POST /api/wallet/transfer and transferAll: two-phase moves between the wallet and game providers. */
export class TransferService {
  constructor(private readonly deps: GamesDeps) {}

  async transfer(member: TransferMember, request: TransferRequest): Promise<TransferReply> {
    const amount = toMinor(request.amount);
    if (amount < MIN_TRANSFER_MINOR) throw new AppError('TRANSFER_MINIMUM');
    if (request.from === request.to) throw new AppError('KEY_INVALID');
    // check both sides before anything moves
    const from = request.from === WALLET_CODE ? null : await this.activeAccount(member.id, request.from);
    const to = request.to === WALLET_CODE ? null : await this.activeAccount(member.id, request.to);

    let leg: LegResult;
    if (!from && to) leg = await this.toGame(member, to, amount);
    else if (from && !to) leg = await this.fromGame(member, from, amount);
    else if (from && to) {
      // game → game: out of one into the wallet, then into the other; each leg is its own two-phase transfer
      leg = await this.fromGame(member, from, amount);
      if (leg.status === 'success') leg = await this.toGame(member, to, amount);
    } else throw new AppError('KEY_INVALID');
    return replyOf(leg);
  }

  /** Move every other balance into `to` (the wallet, or a game via the wallet). */
  async transferAll(member: TransferMember, to: string): Promise<TransferAllReply> {
    const target = to === WALLET_CODE ? null : await this.activeAccount(member.id, to);
    const accounts = (await listGameAccounts(this.deps.db, member.id)).filter((a) => a.game !== target?.game);
    const collected = await Promise.all(accounts.map((a) => this.collect(member, a)));
    let pending = collected.filter((c) => c?.status === 'pending').length;
    const gathered = collected.reduce((sum, c) => sum + (c?.status === 'success' ? c.amount : 0n), 0n);
    if (!target) return { message: 'SUCCESS', amount: toMajor(gathered), pending };

    for (let attempt = 1; attempt <= TRANSFER_ALL_ATTEMPTS; attempt++) {
      const balance = await this.deps.ledger.balance(memberWallet(member.id), member.currency);
      if (balance <= 0n) return { message: 'SUCCESS', amount: 0, pending };
      let leg: LegResult;
      try {
        leg = await this.toGame(member, target, balance);
      } catch (err) {
        // another debit took part of the wallet between the read and the hold: read again
        if (err instanceof AppError && err.code === 'MONEY_NOT_ENOUGH' && attempt < TRANSFER_ALL_ATTEMPTS) continue;
        throw err;
      }
      if (leg.status === 'failed') throw new AppError('TRANSFER_FAIL');
      if (leg.status === 'pending') pending += 1;
      return { message: 'SUCCESS', amount: leg.status === 'success' ? toMajor(balance) : 0, pending };
    }
    throw new AppError('MONEY_NOT_ENOUGH');
  }

  /** to_game (wallet → game): hold, call with our id, then settle / void / stay pending. */
  toGame(member: TransferMember, account: GameAccount, amount: bigint): Promise<LegResult> {
    return this.leg('to_game', member, account, amount);
  }

  /** from_game (game → wallet): the row first, then the provider; the wallet is credited only once it confirms. */
  fromGame(member: TransferMember, account: GameAccount, amount: bigint): Promise<LegResult> {
    return this.leg('from_game', member, account, amount);
  }

  /** Open the transfer row (and, for to_game, the hold), then call the provider with our id. */
  private async leg(
    direction: GameTransferDirection,
    member: TransferMember,
    account: GameAccount,
    amount: bigint,
  ): Promise<LegResult> {
    const provider = providerOf(this.deps, account.game);
    const open = direction === 'to_game' ? openToGame : openFromGame;
    const transfer = await open(this.deps, {
      memberId: member.id,
      currency: member.currency,
      game: account.game,
      amount,
    });
    // what orders this call's balance answer against others' (ADR 0024)
    const askedAt = this.deps.clock.now();
    const result = await callWithSameId(
      () => provider[WIRE_OP[direction]](account.username, amount, transfer.id),
      this.deps.timing.callAttempts,
      () => this.mayRetry(transfer),
    );
    const leg = await this.finish(transfer, account, askedAt, result);
    if (leg.status === 'success' && result.kind === 'ok' && result.balanceVersion === undefined) {
      await this.refreshAfterOverlap(transfer, account);
    }
    return leg;
  }

  private async finish(
    { id: transferId, amount }: GameTransfer,
    account: GameAccount,
    askedAt: Date,
    result: Awaited<ReturnType<typeof callWithSameId>>,
  ): Promise<LegResult> {
    if (result.kind === 'unknown') {
      this.deps.log.warn(
        { transferId, game: account.game, error: result.error },
        'game transfer left pending: provider answer unknown',
      );
      await notePending(this.deps.db, transferId, result.error, this.deps.clock.now(), false);
      return { status: 'pending', transferId, amount };
    }
    const status = await resolveTransfer(
      this.deps,
      transferId,
      result.kind === 'ok'
        ? {
            kind: 'success',
            providerRef: result.providerRef,
            // stored with the settlement, so game.balanceChanged (wallet.changed) follows the new balance
            gameBalance: {
              accountId: account.id,
              reading: { balance: result.balanceAfter, version: result.balanceVersion, askedAt },
            },
          }
        : { kind: 'failed', reason: result.reason },
    );
    return { status, transferId, amount, ...(result.kind === 'failed' ? { reason: result.reason } : {}) };
  }

  /**
   * Retry only well inside the reconciler's grace window and while the transfer is still pending: after that window
   * the reconciler cancels the id at the provider and gives the transfer up. The provider refuses a cancelled id
   * (TRANSFER_CANCELLED, a definite failure), so a late retry could not create money, but it would only be noise.
   */
  private async mayRetry(transfer: GameTransfer): Promise<boolean> {
    const age = this.deps.clock.now().getTime() - transfer.createdAt.getTime();
    if (age >= this.deps.timing.notFoundGraceMs / 2) return false;
    return (await findTransfer(this.deps.db, transfer.id))?.status === 'pending';
  }

  /**
   * A provider without balance versions: when other transfers of this game account ran alongside this one, their
   * answers may have arrived in any order, so once the last of them is settled the balance is read again (a
   * reading asked now is newer than all of theirs, ADR 0024).
   */
  private async refreshAfterOverlap(transfer: GameTransfer, account: GameAccount): Promise<void> {
    const others = await transfersAlongside(this.deps.db, transfer);
    if (others.pending === 0 && others.resolved > 0) await refreshGameBalance(this.deps, account);
  }

  /** Refresh one game's balance from its provider and bring all of it back (from_game); skipped when the balance is unknown or 0. */
  private async collect(member: TransferMember, account: GameAccount): Promise<LegResult | null> {
    const provider = providerOf(this.deps, account.game);
    const askedAt = this.deps.clock.now();
    const reading = await withTimeout(provider.balance(account.username), this.deps.timing.balanceTimeoutMs);
    if (reading === undefined) return null;
    await updateGameBalance(this.deps.db, account.id, { ...reading, askedAt }, this.deps.clock.now());
    if (reading.balance !== account.balance) this.deps.gameBalanceChanged?.(account.memberId);
    if (reading.balance <= 0n) return null;
    return this.fromGame(member, account, reading.balance);
  }

  private async activeAccount(memberId: number, game: string): Promise<GameAccount> {
    providerOf(this.deps, game);
    const account = await findGameAccount(this.deps.db, memberId, game);
    if (!account) throw new AppError('SLOT_NO_ACCOUNT');
    return account;
  }
}

function replyOf(leg: LegResult): TransferReply {
  if (leg.status === 'success') return { message: 'SUCCESS', status: 'SUCCESS', transferId: leg.transferId };
  if (leg.status === 'pending') return { message: 'TRANSFER_PENDING', status: 'PENDING', transferId: leg.transferId };
  throw new AppError(leg.reason && isInsufficient(leg.reason) ? 'MONEY_NOT_ENOUGH' : 'TRANSFER_FAIL');
}
