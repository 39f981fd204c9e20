import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import type { GameProvider } from '../../providers/games/game-provider.ts';
import type { AuthMember } from '../auth/session.service.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { defaultCatalogue, defaultProviders } from '../game-accounts/default-providers.ts';
import { GameAccountsService } from '../game-accounts/game-accounts.service.ts';
import { DEFAULT_TIMING, type GameInfo, type GamesDeps, type TransferTiming } from '../game-accounts/games-deps.ts';
import { RECONCILE_INTERVAL_MS, reconcilePending } from './reconciler.ts';
import { TransferService } from './transfer.service.ts';
import { WalletService } from '../wallet/wallet.service.ts';

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
    ledger: new LedgerService(ctx.db),
    providers: options.providers ?? defaultProviders(ctx),
    catalogue: options.catalogue ?? defaultCatalogue(),
    timing: { ...DEFAULT_TIMING, ...options.timing },
  };
}

function signedIn(member: AuthMember | null): AuthMember {
  if (!member) throw new AppError('invalid-token');
  return member;
}

/** Game accounts, wallet ↔ game transfers, the wallet summary and the transfer reconciler (SPEC.md §7 Wallet). */
export function createGamesModule(options: GamesModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const deps = buildGamesDeps(ctx, options);
    const accounts = new GameAccountsService(deps);
    const transfers = new TransferService(deps);
    const wallet = new WalletService(deps);
    const launch = (member: AuthMember | null, game: string, username: string, userAgent: string | undefined) =>
      accounts.launchLink(signedIn(member).id, game, username, userAgent).then((link) => ({ link }));
    return {
      name: 'games',
      handlers: {
        'wallet.wallet': ({ member }) => wallet.wallet(signedIn(member).id, signedIn(member).currency),
        'wallet.refreshSlot': ({ member }) => wallet.refresh(signedIn(member).id),
        'wallet.activate': ({ member, params }) => accounts.activate(signedIn(member).id, params.code),
        'wallet.account': ({ member, params }) => accounts.credentials(signedIn(member).id, params.code),
        'wallet.resetPassword': ({ member, params }) => accounts.resetPassword(signedIn(member).id, params.code),
        'wallet.transfer': ({ member, body }) => transfers.transfer(signedIn(member), body),
        'wallet.transferAll': ({ member, body }) => transfers.transferAll(signedIn(member), body.to),
        'wallet.autoLogin': ({ member, params, request }) =>
          launch(member, params.game, params.username, request.headers['user-agent']),
        // the legacy form carries the game password in the URL: ignored, never logged (app.ts redacts the path)
        'wallet.autoLoginWithPassword': ({ member, params, request }) =>
          launch(member, params.game, params.username, request.headers['user-agent']),
      },
      jobs: [
        {
          name: 'game-transfer-reconciler',
          intervalMs: RECONCILE_INTERVAL_MS,
          run: async () => {
            const report = await reconcilePending(deps);
            if (report.checked > 0) ctx.log.info({ reconcile: report }, 'game transfers reconciled');
          },
        },
      ],
    };
  };
}

export const gamesModule: ModuleFactory = createGamesModule();
