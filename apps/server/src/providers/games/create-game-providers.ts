import { GAME_CODES } from '@wallet/contract/limits';
import type { Config } from '../../config/env.ts';
import type { GameProvider } from './game-provider.ts';
import { HttpGameProvider, type FetchLike } from './http-game-provider.ts';

export type GameProvidersOptions = {
  /** root of the games API; each game is `${baseUrl}/${code}`. Default (sandbox): `${config.publicUrl}/sandbox/games` */
  baseUrl?: string;
  /** default: config.secrets.provider */
  secret?: string;
  agent?: string;
  /** per call (default 5 s) */
  timeoutMs?: number;
  fetch?: FetchLike;
};

/**
 * One HTTP adapter per game, keyed by game code. With PROVIDERS=sandbox they talk to the sandbox this server
 * mounts (over HTTP, like a real aggregator); with PROVIDERS=live the aggregator's base URL must be given.
 */
export function createGameProviders(config: Config, options: GameProvidersOptions = {}): Map<string, GameProvider> {
  const baseUrl = options.baseUrl ?? (config.providers === 'sandbox' ? `${config.publicUrl}/sandbox/games` : undefined);
  if (!baseUrl) throw new Error('createGameProviders: live game providers need options.baseUrl');
  const root = baseUrl.replace(/\/$/, '');
  const providers = new Map<string, GameProvider>();
  for (const game of GAME_CODES) {
    providers.set(
      game,
      new HttpGameProvider({
        game,
        baseUrl: `${root}/${game}`,
        secret: options.secret ?? config.secrets.provider,
        ...(options.agent === undefined ? {} : { agent: options.agent }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      }),
    );
  }
  return providers;
}
