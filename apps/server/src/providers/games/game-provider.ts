/**
 * What the server needs from a transfer-wallet game provider (docs/design.md §7). One implementation speaks HTTP
 * to the sandbox (`/sandbox/games`) or to a real aggregator; amounts are integer minor units (satang).
 *
 * Outcome discipline (docs/design.md §3): `deposit`/`withdraw` resolve to `ok` or `failed` only when the provider
 * answered definitely. Timeouts, 5xx and unreadable answers throw `ProviderUnknownError`: the caller keeps
 * the transfer pending and the reconciler asks `transferStatus` later. It never guesses.
 *
 * Before giving a transfer up (`not_found` past the grace window), the reconciler asks the provider to
 * `cancelTransfer(id)`: a definite `cancelled` means the provider tombstoned our id and will refuse it forever,
 * so a request still in flight can never be applied after our void; `already_applied` means it landed after all.
 */
export type TransferOutcome =
  | { kind: 'ok'; providerRef: string; balanceAfter: bigint; balanceVersion?: bigint }
  | { kind: 'failed'; reason: string };

/**
 * A balance as the provider answered it. `version` (when the provider sends one) grows with every change of the
 * player's balance: of two readings, the higher version is the newer, whatever order the answers arrived in.
 */
export type BalanceReading = { balance: bigint; version?: bigint };

export type TransferStatus =
  | { kind: 'success'; providerRef: string; direction: 'deposit' | 'withdraw'; amount: bigint }
  | { kind: 'not_found' }
  | { kind: 'unknown' };

/**
 * The provider's definite answer to `cancelTransfer`: the id is tombstoned (never applied, refused from now on),
 * or it had already been applied (what was applied, to be checked against our row).
 */
export type CancelOutcome =
  | { kind: 'cancelled' }
  | { kind: 'already_applied'; providerRef: string; direction: 'deposit' | 'withdraw'; amount: bigint };

export type BetRecord = {
  betId: string;
  playerUsername: string;
  /** minor units */
  stake: bigint;
  payout: bigint;
  placedAt: Date;
};

/** One player's valid bets and win/loss (payouts − stakes) over a Bangkok day, as the aggregator reports it. */
export type PlayerWinLoss = { playerUsername: string; validBets: bigint; winLoss: bigint; betCount: number };

export interface GameProvider {
  readonly game: string;
  createPlayer(username: string, password: string): Promise<void>;
  changePassword(username: string, password: string): Promise<void>;
  /** money into the game; `transferId` is ours and makes the call idempotent at the provider */
  deposit(username: string, amount: bigint, transferId: string): Promise<TransferOutcome>;
  /** money out of the game */
  withdraw(username: string, amount: bigint, transferId: string): Promise<TransferOutcome>;
  balance(username: string): Promise<BalanceReading>;
  transferStatus(transferId: string): Promise<TransferStatus>;
  /**
   * Cancel our transfer id for good: resolves only to a definite answer (idempotent at the provider) and throws
   * `ProviderUnknownError` when the answer is not definite (timeout, 5xx, unreadable).
   */
  cancelTransfer(transferId: string): Promise<CancelOutcome>;
  launchUrl(username: string, options: { mobile: boolean; exitUrl: string }): Promise<string>;
  betHistory(username: string, since: Date): Promise<BetRecord[]>;
  /** every player's settled bets placed in [from, to) (the turnover pull); throws ProviderUnknownError when unsure */
  betsBetween(from: Date, to: Date): Promise<BetRecord[]>;
  /** each player's valid bets and win/loss over one Bangkok day (`YYYY-MM-DD`) */
  dailyWinLoss(day: string): Promise<PlayerWinLoss[]>;
}

/** The provider's answer is not known (timeout, 5xx, unreadable): leave the transfer pending. */
export class ProviderUnknownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnknownError';
  }
}

/** The provider definitely refused a non-transfer call (create player, change password...). */
export class ProviderRejectedError extends Error {
  /** the provider's refusal code when it gave one, e.g. `PLAYER_EXISTS`, `PLAYER_NOT_FOUND` */
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.name = 'ProviderRejectedError';
    this.code = code;
  }
}
