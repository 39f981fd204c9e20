import type { AppContext } from '../../context.ts';
import { createGameProviders } from '../../providers/games/create-game-providers.ts';
import { GAME_CATALOGUE } from '../../providers/games/game-catalogue.ts';
import type { GameProvider } from '../../providers/games/game-provider.ts';
import type { GameInfo } from './games-deps.ts';

/**
 * The configured providers (the mounted sandbox by default). A live setup without aggregator settings still
 * boots: every game answers NO_GAME and pending transfers wait, with an error in the log, instead of a crash.
 */
export function defaultProviders(ctx: Pick<AppContext, 'config' | 'log'>): Map<string, GameProvider> {
  try {
    return createGameProviders(ctx.config);
  } catch (err) {
    ctx.log.error({ err }, 'game providers are not configured: games are unavailable');
    return new Map();
  }
}

export function defaultCatalogue(): readonly GameInfo[] {
  return GAME_CATALOGUE;
}
