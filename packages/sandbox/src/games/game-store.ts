import { randomBytes } from 'node:crypto';
import { BoundedMap } from '../bounded-map.ts';
import { FaultBoard } from './fault-board.ts';
import { RequestLog } from './request-log.ts';

/** A refusal the protocol answers as `{status: 'FAILED', code, message}` with an HTTP status. */
export class SandboxError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string = code,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export type TransferDirection = 'deposit' | 'withdraw';
/**
 * `version` counts the changes of the player's balance (transfers and bets): the answer with the higher version is
 * the newer balance, whatever order the answers reach the wallet in.
 */
export type SandboxPlayer = {
  game: string;
  username: string;
  password: string;
  balance: bigint;
  version: bigint;
  createdAt: Date;
};
export type SandboxTransfer = {
  game: string;
  transferId: string;
  username: string;
  direction: TransferDirection;
  amount: bigint;
  refId: string;
  balanceBefore: bigint;
  balanceAfter: bigint;
  /** the player's balance version right after this transfer */
  balanceVersion: bigint;
  at: Date;
};
/** What a cancel came to: the id is tombstoned (now or before), or it had been applied before the cancel. */
export type CancelResult = { kind: 'cancelled' } | { kind: 'applied'; transfer: SandboxTransfer };

export type SandboxBet = {
  betId: string;
  game: string;
  username: string;
  stake: bigint;
  payout: bigint;
  placedAt: Date;
  detail: string;
};
export type PlayerWinLoss = { username: string; validBets: bigint; winLoss: bigint; betCount: number };
export type PlaySession = {
  id: string;
  game: string;
  username: string;
  mobile: boolean;
  exitUrl: string;
  expiresAt: number;
};

export const LAUNCH_TOKEN_TTL_MS = 5 * 60_000;
export const PLAY_SESSION_TTL_MS = 2 * 60 * 60_000;

const key = (game: string, id: string) => `${game}\u0000${id}`;
const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex').toUpperCase()}`;

/** How many records each store keeps (GameSandboxStore's `capacity` option overrides). */
type GameStoreCapacity = {
  /** applied transfers and cancelled ids, each (default 50,000) */
  transfers: number;
  /** bets kept per player (default 10,000) */
  betsPerPlayer: number;
  /** launch tokens and play sessions, each (default 10,000) */
  sessions: number;
  /** request log entries (default 10,000) */
  log: number;
};
const DEFAULT_CAPACITY: GameStoreCapacity = { transfers: 50_000, betsPerPlayer: 10_000, sessions: 10_000, log: 10_000 };

/**
 * All sandbox state, in memory: players and their balances (keyed by game + username), transfers (by game +
 * our transfer id), bets, launch tokens and play sessions, plus the fault switches and the request log.
 * Tests may read and change it directly (setBalance, recordBet...).
 * Bounded (GameStoreCapacity): the newest transfers and tombstones, bets per player, tokens, sessions and log entries
 * are kept, the oldest dropped. A dropped transfer id is answered NOT_FOUND (and could be applied again): the bound
 * is far above what a test or demo makes, and the wallet's reconciler asks about a pending transfer within seconds
 * to minutes. Players (their balances) are never dropped: there is one per game account.
 */
export class GameSandboxStore {
  readonly faults = new FaultBoard();
  readonly log: RequestLog;
  readonly now: () => Date;
  private readonly capacity: GameStoreCapacity;
  private players = new Map<string, SandboxPlayer>();
  private transfers: BoundedMap<string, SandboxTransfer>;
  /** cancelled transfer ids (game + id) and when: refused (while kept, see the bound above) */
  private tombstones: BoundedMap<string, Date>;
  private bets = new Map<string, SandboxBet[]>();
  private tickets: BoundedMap<string, Omit<PlaySession, 'id'>>;
  private sessions: BoundedMap<string, PlaySession>;

  constructor(options: { now?: () => Date; capacity?: Partial<GameStoreCapacity> } = {}) {
    this.now = options.now ?? (() => new Date());
    this.capacity = { ...DEFAULT_CAPACITY, ...options.capacity };
    this.log = new RequestLog(this.capacity.log);
    this.transfers = new BoundedMap(this.capacity.transfers);
    this.tombstones = new BoundedMap(this.capacity.transfers);
    this.tickets = new BoundedMap(this.capacity.sessions);
    this.sessions = new BoundedMap(this.capacity.sessions);
  }

  createPlayer(game: string, username: string, password: string): SandboxPlayer {
    if (this.players.has(key(game, username))) throw new SandboxError('PLAYER_EXISTS', 409, 'username already taken');
    const player = { game, username, password, balance: 0n, version: 0n, createdAt: this.now() };
    this.players.set(key(game, username), player);
    return player;
  }

  player(game: string, username: string): SandboxPlayer | undefined {
    return this.players.get(key(game, username));
  }

  requirePlayer(game: string, username: string): SandboxPlayer {
    const player = this.player(game, username);
    if (!player) throw new SandboxError('PLAYER_NOT_FOUND', 404, 'no such player');
    return player;
  }

  setPassword(game: string, username: string, password: string): void {
    this.requirePlayer(game, username).password = password;
  }

  /** Test hook: set a player's balance as if they had won or lost. */
  setBalance(game: string, username: string, balance: bigint): void {
    const player = this.requirePlayer(game, username);
    player.balance = balance;
    player.version += 1n;
  }

  /**
   * Apply a transfer once per (game, transferId). A repeat returns the first record unchanged (whatever its
   * amount); the same id for another player or direction is a conflict; a cancelled (tombstoned) id is refused
   * with 409 TRANSFER_CANCELLED and nothing applied.
   */
  transfer(
    game: string,
    direction: TransferDirection,
    username: string,
    amount: bigint,
    transferId: string,
  ): SandboxTransfer {
    if (this.tombstones.has(key(game, transferId))) {
      throw new SandboxError('TRANSFER_CANCELLED', 409, 'transferId was cancelled and is refused for good');
    }
    const existing = this.transfers.get(key(game, transferId));
    if (existing) {
      if (existing.direction !== direction || existing.username !== username) {
        throw new SandboxError('TRANSFER_ID_CONFLICT', 409, 'transferId already used for another transfer');
      }
      return existing;
    }
    const player = this.requirePlayer(game, username);
    if (direction === 'withdraw' && player.balance < amount) {
      throw new SandboxError('INSUFFICIENT_BALANCE', 400, 'balance lower than the amount');
    }
    const balanceBefore = player.balance;
    player.balance += direction === 'deposit' ? amount : -amount;
    player.version += 1n;
    const record = {
      game,
      transferId,
      username,
      direction,
      amount,
      refId: newId('REF'),
      balanceBefore,
      balanceAfter: player.balance,
      balanceVersion: player.version,
      at: this.now(),
    };
    this.transfers.set(key(game, transferId), record);
    return record;
  }

  findTransfer(game: string, transferId: string): SandboxTransfer | undefined {
    return this.transfers.get(key(game, transferId));
  }

  /**
   * Cancel a transfer id for good, idempotently: an applied id is not touched (answered with its record);
   * any other id is tombstoned, so a deposit or withdraw arriving later with it is refused.
   */
  cancelTransfer(game: string, transferId: string): CancelResult {
    const applied = this.transfers.get(key(game, transferId));
    if (applied) return { kind: 'applied', transfer: applied };
    if (!this.tombstones.has(key(game, transferId))) this.tombstones.set(key(game, transferId), this.now());
    return { kind: 'cancelled' };
  }

  isCancelled(game: string, transferId: string): boolean {
    return this.tombstones.has(key(game, transferId));
  }

  /** A settled bet: the stake leaves the balance and the payout returns to it. */
  recordBet(game: string, username: string, stake: bigint, payout: bigint, detail = ''): SandboxBet {
    const player = this.requirePlayer(game, username);
    if (stake <= 0n || payout < 0n) throw new SandboxError('INVALID_BET', 400);
    if (player.balance < stake) throw new SandboxError('INSUFFICIENT_BALANCE', 400, 'balance lower than the stake');
    player.balance += payout - stake;
    player.version += 1n;
    const bet = { betId: newId('BET'), game, username, stake, payout, placedAt: this.now(), detail };
    const list = this.bets.get(key(game, username)) ?? [];
    list.push(bet);
    if (list.length > this.capacity.betsPerPlayer) list.splice(0, list.length - this.capacity.betsPerPlayer);
    this.bets.set(key(game, username), list);
    return bet;
  }

  betsOf(game: string, username: string, since?: Date): SandboxBet[] {
    const list = this.bets.get(key(game, username)) ?? [];
    return since ? list.filter((b) => b.placedAt.getTime() >= since.getTime()) : [...list];
  }

  /** Every player's bets placed in [from, to), oldest first (the aggregator's bet history by time range). */
  betsBetween(game: string, from: Date, to: Date): SandboxBet[] {
    const all = [...this.bets.values()].flat().filter((b) => b.game === game);
    return all
      .filter((b) => b.placedAt.getTime() >= from.getTime() && b.placedAt.getTime() < to.getTime())
      .sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
  }

  /** Per player over [from, to): valid bets (stakes), win/loss (payouts − stakes) and the number of bets. */
  winLossBetween(game: string, from: Date, to: Date): PlayerWinLoss[] {
    const byPlayer = new Map<string, PlayerWinLoss>();
    for (const bet of this.betsBetween(game, from, to)) {
      const row = byPlayer.get(bet.username) ?? { username: bet.username, validBets: 0n, winLoss: 0n, betCount: 0 };
      row.validBets += bet.stake;
      row.winLoss += bet.payout - bet.stake;
      row.betCount += 1;
      byPlayer.set(bet.username, row);
    }
    return [...byPlayer.values()];
  }

  /** A one-time launch token for the demo game. */
  issueLaunchToken(game: string, username: string, options: { mobile: boolean; exitUrl: string }): string {
    this.requirePlayer(game, username);
    const token = randomBytes(24).toString('base64url');
    this.tickets.set(token, { game, username, ...options, expiresAt: this.now().getTime() + LAUNCH_TOKEN_TTL_MS });
    return token;
  }

  /** Consume a launch token (once) into a play session. */
  redeemLaunchToken(token: string): PlaySession | undefined {
    const ticket = this.tickets.get(token);
    this.tickets.delete(token);
    if (!ticket || ticket.expiresAt < this.now().getTime()) return undefined;
    const session = {
      ...ticket,
      id: randomBytes(24).toString('base64url'),
      expiresAt: this.now().getTime() + PLAY_SESSION_TTL_MS,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  session(id: string): PlaySession | undefined {
    const session = this.sessions.get(id);
    if (session && session.expiresAt < this.now().getTime()) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  reset(): void {
    this.players.clear();
    this.transfers.clear();
    this.tombstones.clear();
    this.bets.clear();
    this.tickets.clear();
    this.sessions.clear();
    this.faults.clear();
    this.log.clear();
  }
}
