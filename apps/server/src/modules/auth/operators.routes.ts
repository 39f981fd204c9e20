import type { AppContext } from '../../context.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { createRateLimitStore, RateLimiter, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { OperatorAccountsService } from './operator-accounts.service.ts';
import { OperatorLoginService } from './operator-login.service.ts';
import { signInHandlers } from './operator-sign-in.handlers.ts';

export type OperatorsModuleOptions = {
  /** replaces the rate-limit store (default: Redis when REDIS_URL is set, else memory) */
  rateLimitStore?: RateLimitStore;
};

export const operatorAccounts = (ctx: AppContext) =>
  new OperatorAccountsService({
    db: ctx.db,
    clock: ctx.clock,
    encryptionKey: ctx.config.secrets.encryptionKey,
    sessions: ctx.operatorSessions,
  });

/** Operator sign-in and operator accounts (`/api/admin/*`, DESIGN.md §9.3). */
export function createOperatorsModule(options: OperatorsModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const store =
      options.rateLimitStore ??
      createRateLimitStore(ctx.config, (err) => ctx.log.error({ err }, 'rate-limit store failed; limits skipped'));
    const login = new OperatorLoginService({
      db: ctx.db,
      clock: ctx.clock,
      limiter: new RateLimiter(store, ctx.clock),
      sessions: ctx.operatorSessions,
      encryptionKey: ctx.config.secrets.encryptionKey,
    });
    const accounts = operatorAccounts(ctx);
    return {
      name: 'operators',
      handlers: {
        ...signInHandlers(ctx, login),
        'admin.auth.me': async ({ operator }) => ({ username: operator.username, roles: operator.roles }),
        'admin.auth.sessions': async ({ operator }) => ({
          sessions: await ctx.operatorSessions.listLive(operator),
        }),
        'admin.auth.revokeSession': async ({ operator, params, request }) => {
          await ctx.operatorSessions.revokeOwn(operator, params.id, { ip: request.ip });
          return { message: 'SUCCESS' };
        },
        'admin.operators.list': ({ query }) => accounts.list(query),
        'admin.operators.create': ({ operator, body, request }) => accounts.create(operator, body, { ip: request.ip }),
        'admin.operators.update': async ({ operator, params, body, request }) => ({
          operator: await accounts.update(operator, params.id, body, { ip: request.ip }),
        }),
        'admin.operators.resetTotp': ({ operator, params, request }) =>
          accounts.resetTotp(operator, params.id, { ip: request.ip }),
      },
      plugin: async (app) => {
        app.addHook('onClose', async () => store.close());
      },
    };
  };
}

export const operatorsModule = createOperatorsModule();
