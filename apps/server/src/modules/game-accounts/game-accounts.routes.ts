import type { ModuleFactory } from '../../http/handlers.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import { buildGamesDeps, type GamesModuleOptions } from './build-games-deps.ts';
import { GameAccountsService } from './game-accounts.service.ts';

/** Game accounts: activate, credentials, password reset and the launch link (docs/spec.md §7 Wallet). */
export function createGameAccountsModule(options: GamesModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const accounts = new GameAccountsService(buildGamesDeps(ctx, options));
    const launch = (member: AuthMember, game: string, username: string, userAgent: string | undefined) =>
      accounts.launchLink(member.id, game, username, userAgent).then((link) => ({ link }));
    return {
      name: 'game-accounts',
      handlers: {
        'wallet.activate': ({ member, params }) => accounts.activate(member.id, params.code),
        'wallet.account': ({ member, params }) => accounts.credentials(member.id, params.code),
        'wallet.resetPassword': ({ member, params }) => accounts.resetPassword(member.id, params.code),
        'wallet.autoLogin': ({ member, params, request }) =>
          launch(member, params.game, params.username, request.headers['user-agent']),
        // the legacy form carries the game password in the URL: ignored, never logged (app.ts redacts the path)
        'wallet.autoLoginWithPassword': ({ member, params, request }) =>
          launch(member, params.game, params.username, request.headers['user-agent']),
      },
    };
  };
}

export const gameAccountsModule: ModuleFactory = createGameAccountsModule();
