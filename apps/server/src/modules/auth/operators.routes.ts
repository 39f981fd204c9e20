import type { AppContext } from '../../context.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import {
  createRateLimitStore,
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitStore,
} from '../../lib/rate-limiter.ts';
import { OperatorAccountsService } from './operator-accounts.service.ts';
import { OperatorEnrolmentService } from './operator-enrolment.service.ts';
import { OperatorLoginService } from './operator-login.service.ts';
import { signInHandlers } from './operator-sign-in.handlers.ts';
import { OperatorRequestsService } from './operator-requests.service.ts';

type OperatorsModuleOptions = {
  /** replaces the rate-limit store (default: Redis when REDIS_URL is set, else memory) */
  rateLimitStore?: RateLimitStore;
};

/**
 * Operator accounts, their enrolment links and the changes a second admin approves. The module passes its shared
 * limiter; the demo seed and tests, which take no public requests, get one in memory.
 */
export function operatorAccounts(ctx: AppContext, limiter = new RateLimiter(new MemoryRateLimitStore(), ctx.clock)) {
  const enrolment = new OperatorEnrolmentService({
    db: ctx.db,
    clock: ctx.clock,
    encryptionKey: ctx.config.secrets.encryptionKey,
    settings: ctx.settings,
    limiter,
  });
  const requests = new OperatorRequestsService({ db: ctx.db, clock: ctx.clock, enrolment });
  const accounts = new OperatorAccountsService({
    db: ctx.db,
    clock: ctx.clock,
    encryptionKey: ctx.config.secrets.encryptionKey,
    sessions: ctx.operatorSessions,
    enrolment,
    requests,
  });
  return { accounts, enrolment, requests };
}

/** Operator sign-in and operator accounts (`/api/admin/*`, docs/design.md §9.3). */
function createOperatorsModule(options: OperatorsModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const store =
      options.rateLimitStore ??
      createRateLimitStore(ctx.config, (err) => ctx.log.error({ err }, 'rate-limit store failed; limits skipped'));
    const limiter = new RateLimiter(store, ctx.clock);
    const login = new OperatorLoginService({
      db: ctx.db,
      clock: ctx.clock,
      limiter,
      sessions: ctx.operatorSessions,
      encryptionKey: ctx.config.secrets.encryptionKey,
    });
    const { accounts, enrolment, requests } = operatorAccounts(ctx, limiter);
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
        'admin.operators.update': ({ operator, params, body, request }) =>
          accounts.update(operator, params.id, body, { ip: request.ip }),
        'admin.operators.reissueEnrolment': ({ operator, params, request }) =>
          accounts.reissueEnrolment(operator, params.id, { ip: request.ip }),
        'admin.operators.requests': ({ query }) => requests.listPending(query),
        'admin.operators.approve': ({ operator, params, request }) =>
          requests.approve(operator, params.id, { ip: request.ip }),
        'admin.operators.reject': async ({ operator, params, request }) => ({
          request: await requests.reject(operator, params.id, { ip: request.ip }),
        }),
        'admin.account.openEnrolment': ({ body, request }) => enrolment.open(body.token, { ip: request.ip }),
        'admin.account.enrol': async ({ body, request }) => {
          await enrolment.enrol(body, { ip: request.ip });
          return { message: 'SUCCESS' };
        },
        'admin.account.changePassword': async ({ operator, body, request }) => {
          await enrolment.changePassword(operator, body, { ip: request.ip });
          return { message: 'SUCCESS' };
        },
      },
      plugin: async (app) => {
        app.addHook('onClose', async () => store.close());
      },
    };
  };
}

export const operatorsModule = createOperatorsModule();
