import type { FastifyBaseLogger } from 'fastify';
import type { GameCategory } from '@wallet/contract/limits';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { GameProvider } from '../../providers/games/game-provider.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';

/** What the wallet shows of a game (the catalogue of providers/games/game-catalogue.ts). */
export type GameInfo = {
  code: string;
  name: string;
  category: GameCategory;
  ftWalletSlot: number;
  logo: string;
  background: string;
};

/** Timing rules of the two-phase transfers (docs/design.md §3); tests shorten them. */
export type TransferTiming = {
  /** a provider answer slower than this counts as unknown for balance refreshes */
  balanceTimeoutMs: number;
  /** attempts of one deposit/withdraw call, all with the same transfer id, before leaving it pending */
  callAttempts: number;
  /** the reconciler trusts a `not_found` only once a transfer is this old: no request of ours can still land */
  notFoundGraceMs: number;
  /** a transfer pending longer than this breaks the invariant (docs/reliability.md §2: alert after N minutes) */
  pendingSlaMs: number;
};

export const DEFAULT_TIMING: TransferTiming = {
  balanceTimeoutMs: 5_000,
  callAttempts: 2,
  notFoundGraceMs: 60_000,
  pendingSlaMs: 10 * 60_000,
};

/** Everything the games services are built from. */
export type GamesDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  ledger: LedgerService;
  providers: Map<string, GameProvider>;
  catalogue: readonly GameInfo[];
  timing: TransferTiming;
  /** tell the member's open apps their balances moved (a game balance the providers reported changed) */
  gameBalanceChanged?: (memberId: number) => void;
};

/** The provider of a game code, or NO_GAME. */
export function providerOf(deps: GamesDeps, game: string): GameProvider {
  const provider = deps.providers.get(game);
  if (!provider || !deps.catalogue.some((g) => g.code === game)) throw new AppError('NO_GAME');
  return provider;
}
