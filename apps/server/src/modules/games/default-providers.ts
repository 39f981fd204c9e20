import type { Config } from '../../config/env.ts';
import type { GameProvider } from '../../providers/games/game-provider.ts';
import type { GameInfo } from './games-deps.ts';

// TEMPORARY until providers/games/create-game-providers.ts and game-catalogue.ts land (another engineer's files).
export function defaultProviders(_config: Config): Map<string, GameProvider> {
  return new Map();
}

export function defaultCatalogue(): readonly GameInfo[] {
  return [];
}
