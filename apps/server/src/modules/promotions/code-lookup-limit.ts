import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { createRateLimitStore, RateLimiter } from '../../lib/rate-limiter.ts';

const MINUTE_MS = 60_000;

/**
 * Promotion codes are secrets a member types: looking one up (find, or activate, which answers NO_PROMOTION for an
 * unknown code too) is limited per member and per client address (`promotionCodeLimits`), so codes cannot be guessed
 * by trying them. The counters live in Redis when REDIS_URL is set: the limits hold across processes, and a burst is
 * counted by atomic increments, so it never slips through. Beyond them: 429 REQUEST_LIMIT.
 */
export function codeLookupLimit(ctx: Pick<AppContext, 'config' | 'clock' | 'log' | 'settings'>) {
  const store = createRateLimitStore(ctx.config, (err) => ctx.log.error({ err }, 'promotion-code limit store failed'));
  const limiter = new RateLimiter(store, ctx.clock);
  return {
    async check(memberId: number, ip: string): Promise<void> {
      const limits = await ctx.settings.get('promotionCodeLimits');
      const windowMs = limits.windowMinutes * MINUTE_MS;
      const byAddress = await limiter.hit('promo-code-ip', ip, { limit: limits.perAddress, windowMs });
      if (!byAddress.isAllowed) throw new AppError('REQUEST_LIMIT');
      const byMember = await limiter.hit('promo-code-member', String(memberId), { limit: limits.perMember, windowMs });
      if (!byMember.isAllowed) throw new AppError('REQUEST_LIMIT');
    },
    /** closes the store's Redis connection with the app */
    onClose: (app: FastifyInstance) => void app.addHook('onClose', async () => store.close()),
  };
}
