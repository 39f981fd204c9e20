import { randomBytes } from 'node:crypto';
import {
  ProviderRejectedError,
  ProviderUnknownError,
  type BalanceReading,
  type BetRecord,
  type CancelOutcome,
  type GameProvider,
  type PlayerWinLoss,
  type TransferOutcome,
  type TransferStatus,
} from '../../src/providers/games/game-provider.ts';

type Op =
  'createPlayer' | 'changePassword' | 'deposit' | 'withdraw' | 'balance' | 'transferStatus' | 'cancel' | 'launch';
/**
 * fail: definite refusal; timeout: nothing applied, no answer; success-then-timeout: applied, no answer;
 * unknown: status not known. On `cancel` every mode but success-then-timeout leaves the id un-tombstoned and
 * throws ProviderUnknownError (a refused cancel says nothing definite); success-then-timeout cancels, then throws.
 */
type FaultMode = 'fail' | 'timeout' | 'success-then-timeout' | 'unknown';
type Fault = { ops: Op[]; mode: FaultMode; remaining: number };
type Applied = {
  direction: 'deposit' | 'withdraw';
  username: string;
  amount: bigint;
  refId: string;
  balanceAfter: bigint;
  balanceVersion: bigint;
};

/**
 * A scripted in-memory provider (docs/reliability.md "scripted mock"): idempotent by transfer id like a real one,
 * with a request log and fault switches. Used until the HTTP sandbox helper is available, and for
 * crash simulations that need to apply a transfer without our server seeing the answer.
 */
export class FakeGameProvider implements GameProvider {
  /** `version` counts balance changes, like the sandbox's `balanceVersion` */
  readonly players = new Map<string, { password: string; balance: bigint; version: bigint }>();
  readonly transfers = new Map<string, Applied>();
  /** cancelled ids: refused forever, like the sandbox's tombstones */
  readonly tombstones = new Set<string>();
  readonly log: Array<{ op: Op; transferId?: string; username?: string }> = [];
  private faults: Fault[] = [];
  /** runs at each deposit/withdraw call (tests move the clock while a call is "in flight") */
  onTransferCall: ((transferId: string) => void) | null = null;
  /** runs at each cancel call, before the provider looks at the id (tests land a late transfer here) */
  onCancelCall: ((transferId: string) => void) | null = null;
  /**
   * awaited after a deposit/withdraw is applied and before its answer returns: a test holds one answer back
   * while others overtake it (answers arriving out of order)
   */
  answerGate: ((transferId: string) => Promise<void>) | null = null;

  constructor(readonly game: string) {}

  fault(mode: FaultMode, ops: Op[] = ['deposit', 'withdraw'], times = 1): void {
    this.faults.push({ ops, mode, remaining: times });
  }

  clearFaults(): void {
    this.faults = [];
  }

  private take(op: Op): FaultMode | undefined {
    const fault = this.faults.find((f) => f.ops.includes(op) && f.remaining > 0);
    if (!fault) return undefined;
    fault.remaining -= 1;
    return fault.mode;
  }

  async createPlayer(username: string, password: string): Promise<void> {
    this.log.push({ op: 'createPlayer', username });
    const fault = this.take('createPlayer');
    if (fault === 'fail') throw new ProviderRejectedError('refused');
    if (fault) throw new ProviderUnknownError('timeout');
    if (this.players.has(username)) throw new ProviderRejectedError('PLAYER_EXISTS');
    this.players.set(username, { password, balance: 0n, version: 0n });
  }

  async changePassword(username: string, password: string): Promise<void> {
    this.log.push({ op: 'changePassword', username });
    const fault = this.take('changePassword');
    if (fault === 'fail') throw new ProviderRejectedError('refused');
    if (fault) throw new ProviderUnknownError('timeout');
    const player = this.players.get(username);
    if (!player) throw new ProviderRejectedError('PLAYER_NOT_FOUND');
    player.password = password;
  }

  deposit(username: string, amount: bigint, transferId: string): Promise<TransferOutcome> {
    return this.transfer('deposit', username, amount, transferId);
  }

  withdraw(username: string, amount: bigint, transferId: string): Promise<TransferOutcome> {
    return this.transfer('withdraw', username, amount, transferId);
  }

  /** Apply once per id; a repeat answers the first result (what a real provider promises). */
  apply(direction: 'deposit' | 'withdraw', username: string, amount: bigint, transferId: string): TransferOutcome {
    if (this.tombstones.has(transferId)) return { kind: 'failed', reason: 'TRANSFER_CANCELLED' };
    const existing = this.transfers.get(transferId);
    if (existing) return okOf(existing);
    const player = this.players.get(username);
    if (!player) return { kind: 'failed', reason: 'PLAYER_NOT_FOUND' };
    if (direction === 'withdraw' && player.balance < amount) return { kind: 'failed', reason: 'INSUFFICIENT_BALANCE' };
    player.balance += direction === 'deposit' ? amount : -amount;
    player.version += 1n;
    const record = {
      direction,
      username,
      amount,
      refId: `REF${randomBytes(6).toString('hex')}`,
      balanceAfter: player.balance,
      balanceVersion: player.version,
    };
    this.transfers.set(transferId, record);
    return okOf(record);
  }

  private async transfer(
    direction: 'deposit' | 'withdraw',
    username: string,
    amount: bigint,
    transferId: string,
  ): Promise<TransferOutcome> {
    this.log.push({ op: direction, transferId, username });
    this.onTransferCall?.(transferId);
    const fault = this.take(direction);
    if (fault === 'fail' && !this.transfers.has(transferId)) return { kind: 'failed', reason: 'TRANSFER_REJECTED' };
    if (fault === 'timeout' || fault === 'unknown') throw new ProviderUnknownError('timeout');
    const outcome = this.apply(direction, username, amount, transferId);
    if (fault === 'success-then-timeout') throw new ProviderUnknownError('timeout after applying');
    await this.answerGate?.(transferId);
    return outcome;
  }

  async balance(username: string): Promise<BalanceReading> {
    this.log.push({ op: 'balance', username });
    if (this.take('balance')) throw new ProviderUnknownError('timeout');
    const player = this.players.get(username);
    if (!player) throw new ProviderRejectedError('PLAYER_NOT_FOUND');
    return { balance: player.balance, version: player.version };
  }

  /** Test hook: the player won or lost `delta` (a balance change the wallet did not make). */
  play(username: string, delta: bigint): void {
    const player = this.players.get(username);
    if (!player) throw new Error(`no player ${username}`);
    player.balance += delta;
    player.version += 1n;
  }

  async transferStatus(transferId: string): Promise<TransferStatus> {
    this.log.push({ op: 'transferStatus', transferId });
    if (this.take('transferStatus')) return { kind: 'unknown' };
    const t = this.transfers.get(transferId);
    return t
      ? { kind: 'success', providerRef: t.refId, direction: t.direction, amount: t.amount }
      : { kind: 'not_found' };
  }

  async cancelTransfer(transferId: string): Promise<CancelOutcome> {
    this.log.push({ op: 'cancel', transferId });
    this.onCancelCall?.(transferId);
    const fault = this.take('cancel');
    if (fault && fault !== 'success-then-timeout') throw new ProviderUnknownError('cancel: no definite answer');
    const outcome = this.cancel(transferId);
    if (fault === 'success-then-timeout') throw new ProviderUnknownError('cancel: timeout after cancelling');
    return outcome;
  }

  /** Cancel once per id: an applied id answers what was applied; any other is tombstoned. */
  cancel(transferId: string): CancelOutcome {
    const t = this.transfers.get(transferId);
    if (t) return { kind: 'already_applied', providerRef: t.refId, direction: t.direction, amount: t.amount };
    this.tombstones.add(transferId);
    return { kind: 'cancelled' };
  }

  async launchUrl(username: string, options: { mobile: boolean; exitUrl: string }): Promise<string> {
    this.log.push({ op: 'launch', username });
    if (!this.players.has(username)) throw new ProviderRejectedError('PLAYER_NOT_FOUND');
    return `https://fake.example/${this.game}/play?u=${username}&m=${options.mobile ? 1 : 0}&exit=${encodeURIComponent(options.exitUrl)}`;
  }

  /** settled bets the tests record (`recordBet`), served by `betsBetween` */
  readonly bets: BetRecord[] = [];

  recordBet(playerUsername: string, stake: bigint, payout: bigint, placedAt: Date): BetRecord {
    const bet = { betId: `BET${randomBytes(8).toString('hex')}`, playerUsername, stake, payout, placedAt };
    this.bets.push(bet);
    return bet;
  }

  async betHistory(username?: string, since?: Date): Promise<BetRecord[]> {
    return this.bets.filter((b) => b.playerUsername === username && (!since || b.placedAt >= since));
  }

  async betsBetween(from: Date, to: Date): Promise<BetRecord[]> {
    return this.bets.filter((b) => b.placedAt >= from && b.placedAt < to);
  }

  async dailyWinLoss(day: string): Promise<PlayerWinLoss[]> {
    const from = new Date(`${day}T00:00:00+07:00`);
    const rows = new Map<string, PlayerWinLoss>();
    for (const b of await this.betsBetween(from, new Date(from.getTime() + 86_400_000))) {
      const row = rows.get(b.playerUsername) ?? {
        playerUsername: b.playerUsername,
        validBets: 0n,
        winLoss: 0n,
        betCount: 0,
      };
      row.validBets += b.stake;
      row.winLoss += b.payout - b.stake;
      row.betCount += 1;
      rows.set(b.playerUsername, row);
    }
    return [...rows.values()];
  }
}

const okOf = (t: Applied): TransferOutcome => ({
  kind: 'ok',
  providerRef: t.refId,
  balanceAfter: t.balanceAfter,
  balanceVersion: t.balanceVersion,
});
