import type { GameCredentials } from '@wallet/contract/wallet';
import { AppError } from '../../errors.ts';
import type { GamesDeps } from './games-deps.ts';
import { providerOf } from './games-deps.ts';
import { newGamePassword, newGameUsername, openGamePassword, sealGamePassword } from './game-credentials.ts';
import {
  confirmGameAccount,
  findGameAccount,
  releaseGameAccount,
  reserveGameAccount,
  updateGamePassword,
  type GameAccount,
} from './game-accounts.repository.ts';

/** A reservation this old belongs to a request that died mid-call (longer than any provider timeout). */
const ACTIVATION_STALE_MS = 5 * 60_000;

const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod/i;

/** Opening game accounts, showing and resetting their credentials, and launching games (docs/spec.md §4 game account). */
export class GameAccountsService {
  constructor(private readonly deps: GamesDeps) {}

  /**
   * Reserve the row, create the player at the provider, then confirm the row. Concurrent activations of one game
   * make one createPlayer call (the others answer SLOT_ALREADY_ACTIVE); a refused or unknown create leaves no row.
   */
  async activate(memberId: number, game: string): Promise<GameCredentials> {
    const { db, clock, log } = this.deps;
    const provider = providerOf(this.deps, game);
    if (await findGameAccount(db, memberId, game)) throw new AppError('SLOT_ALREADY_ACTIVE');
    const username = newGameUsername(memberId);
    const password = newGamePassword();
    const now = clock.now();
    const reserved = await reserveGameAccount(
      db,
      {
        memberId,
        game,
        username,
        passwordEnc: sealGamePassword(password, this.deps.config.secrets.encryptionKey, memberId, game),
        createdAt: now,
      },
      new Date(now.getTime() - ACTIVATION_STALE_MS),
    );
    if (!reserved) throw new AppError('SLOT_ALREADY_ACTIVE');
    try {
      await provider.createPlayer(username, password);
    } catch (err) {
      await releaseGameAccount(db, reserved.id);
      log.warn({ err: errorName(err), game, memberId }, 'game account: provider refused createPlayer');
      throw new AppError('SLOT_ACTIVATE_FAIL');
    }
    await confirmGameAccount(db, reserved.id);
    return { username, password };
  }

  async credentials(memberId: number, game: string): Promise<GameCredentials> {
    providerOf(this.deps, game);
    const account = await this.requireAccount(memberId, game);
    return { username: account.username, password: this.passwordOf(account) };
  }

  /** A new random password, set at the provider first, stored only once the provider took it. */
  async resetPassword(memberId: number, game: string): Promise<GameCredentials> {
    const provider = providerOf(this.deps, game);
    const account = await this.requireAccount(memberId, game);
    const password = newGamePassword();
    try {
      await provider.changePassword(account.username, password);
    } catch (err) {
      this.deps.log.warn({ err: errorName(err), game, memberId }, 'game account: provider refused changePassword');
      throw new AppError('SLOT_RESET_PASSWORD_FAIL');
    }
    await updateGamePassword(
      this.deps.db,
      account.id,
      sealGamePassword(password, this.deps.config.secrets.encryptionKey, memberId, game),
    );
    return { username: account.username, password };
  }

  /**
   * A one-time launch link. The username in the path must be the caller's own player at that game
   * (object-level authorization, docs/reliability.md scenario 28); anything else is 404 without detail.
   */
  async launchLink(memberId: number, game: string, username: string, userAgent: string | undefined): Promise<string> {
    const provider = providerOf(this.deps, game);
    const account = await findGameAccount(this.deps.db, memberId, game);
    if (!account || account.username !== username) {
      this.deps.log.warn({ memberId, game }, "autoLogin refused: not the caller's game account");
      throw new AppError('NOT_FOUND');
    }
    try {
      return await provider.launchUrl(account.username, {
        mobile: MOBILE_UA.test(userAgent ?? ''),
        exitUrl: `${this.deps.config.publicUrl}/user/home`,
      });
    } catch (err) {
      this.deps.log.warn({ err: errorName(err), game, memberId }, 'game launch failed at the provider');
      throw new AppError('GAME_ACTIVATION_FAIL');
    }
  }

  private async requireAccount(memberId: number, game: string): Promise<GameAccount> {
    const account = await findGameAccount(this.deps.db, memberId, game);
    if (!account) throw new AppError('SLOT_NO_ACCOUNT');
    return account;
  }

  private passwordOf(account: GameAccount): string {
    return openGamePassword(
      account.passwordEnc,
      this.deps.config.secrets.encryptionKey,
      account.memberId,
      account.game,
    );
  }
}

/** Provider errors may quote request bodies; log only their kind and message head. */
function errorName(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message.slice(0, 120)}`;
  return String(err).slice(0, 120);
}
