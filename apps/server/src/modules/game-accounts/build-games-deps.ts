import type { AppContext } from '../../context.ts';
import type { GameProvider } from '../../providers/games/game-provider.ts';
import { LedgerService } from '../ledger/ledger.api.ts';
import { defaultCatalogue, defaultProviders } from './default-providers.ts';
import { DEFAULT_TIMING, type GameInfo, type GamesDeps, type TransferTiming } from './games-deps.ts';

/** Options shared by the wallet, game-accounts and game-transfers modules (tests pass fakes and short timings). */
export type GamesModuleOptions = {
  /** the game providers by code (tests pass fakes or sandbox-backed ones); default: createGameProviders(config) */
  providers?: Map<string, GameProvider>;
  catalogue?: readonly GameInfo[];
  timing?: Partial<TransferTiming>;
};

/** The services' dependencies from the app context; tests build the same to call the reconciler directly. */
export function buildGamesDeps(ctx: AppContext, options: GamesModuleOptions = {}): GamesDeps {
  return {
    db: ctx.db,
    clock: ctx.clock,
    config: ctx.config,
    log: ctx.log,
    // wallet.changed for money moves rides the outbox (ledger.posted, game.balanceChanged: the wallet module's
    // subscribers); a game balance the provider reports changed (a win or loss inside the game) is pushed here
    ledger: new LedgerService(ctx.db),
    gameBalanceChanged: (memberId) => ctx.realtime.push(memberId, 'wallet.changed', { reason: 'game' }),
    providers: options.providers ?? defaultProviders(ctx),
    catalogue: options.catalogue ?? defaultCatalogue(),
    timing: { ...DEFAULT_TIMING, ...options.timing },
  };
}
