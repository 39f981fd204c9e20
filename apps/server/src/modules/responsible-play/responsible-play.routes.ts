import type { ModuleFactory } from '../../http/handlers.ts';
import { AppError } from '../../errors.ts';
import { memberRecord } from '../account/account.api.ts';
import { sessionStartedAt } from '../auth/auth.api.ts';
import { createRateLimitStore, RateLimiter, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { ResponsiblePlayService } from './responsible-play.service.ts';

/** changes a member or an operator may make to one member's limits and breaks in 10 minutes */
const CHANGE_RULE: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };

/** Responsible play (docs/responsible-play.md): the member's own page and the console's tighten-only actions. */
export const responsiblePlayModule: ModuleFactory = (ctx) => {
  const service = new ResponsiblePlayService({ db: ctx.db, clock: ctx.clock });
  const store = createRateLimitStore(ctx.config, (err) => ctx.log.error({ err }, 'responsible-play rate limit failed'));
  const limiter = new RateLimiter(store, ctx.clock);
  const throttle = async (memberId: number): Promise<void> => {
    if (!(await limiter.hit('responsible-play', String(memberId), CHANGE_RULE)).isAllowed)
      throw new AppError('REQUEST_LIMIT');
  };
  const requireMember = async (id: number): Promise<void> => {
    if (!(await memberRecord(ctx.db, id))) throw new AppError('NOT_FOUND');
  };
  const operatorOf = (o: { id: number; username: string }, ip: string, reason: string) => ({
    kind: 'operator' as const,
    actor: { id: o.id, username: o.username },
    ip,
    reason,
  });
  return {
    name: 'responsible-play',
    handlers: {
      'responsiblePlay.get': ({ member }) => service.view(member.id),
      'responsiblePlay.session': async ({ member }) => {
        const startedAt = await sessionStartedAt(ctx.db, member.id, member.sessionId);
        if (!startedAt) throw new AppError('UNAUTHORIZED');
        return service.realityCheck(member.id, member.currency, startedAt);
      },
      'responsiblePlay.setLimit': async ({ member, body }) => {
        await throttle(member.id);
        return service.setLimit(member.id, body, { kind: 'member' });
      },
      'responsiblePlay.startBreak': async ({ member, body }) => {
        await throttle(member.id);
        return service.startBreak(member.id, body, { kind: 'member' });
      },
      'admin.responsiblePlay.get': async ({ params }) => {
        await requireMember(params.id);
        return service.view(params.id);
      },
      'admin.responsiblePlay.setLimit': async ({ operator, params, body, request }) => {
        await requireMember(params.id);
        await throttle(params.id);
        const { reason, ...change } = body;
        return service.setLimit(params.id, change, operatorOf(operator, request.ip, reason));
      },
      'admin.responsiblePlay.startBreak': async ({ operator, params, body, request }) => {
        await requireMember(params.id);
        await throttle(params.id);
        const { reason, ...change } = body;
        return service.startBreak(params.id, change, operatorOf(operator, request.ip, reason));
      },
    },
  };
};
