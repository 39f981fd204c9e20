import { AppError } from '../../errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';

/**
 * Answers that tell whether a phone or a bank account is registered, per client IP (ADR 0017). A person
 * registering meets one or two; a client past the limit gets REQUEST_LIMIT for every registration check until the
 * window moves on, so the refusal itself reveals nothing.
 */
export const REGISTRATION_PROBE_IP_RULE: RateLimitRule = { limit: 10, windowMs: 3600_000 };

const REVEALING = new Set(['EXISTING_USER', 'EXISTING_BANK']);
const NAME = 'registration-probe';

/** Run a registration check (`/api/otp/send`, `/api/account/validate`, `/api/account`) under the per-IP probe limit. */
export async function guardProbes<T>(limiter: RateLimiter, ip: string, fn: () => Promise<T>): Promise<T> {
  if ((await limiter.peek(NAME, ip, REGISTRATION_PROBE_IP_RULE)) >= REGISTRATION_PROBE_IP_RULE.limit) {
    throw new AppError('REQUEST_LIMIT');
  }
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && REVEALING.has(err.code)) {
      const hit = await limiter.hit(NAME, ip, REGISTRATION_PROBE_IP_RULE);
      if (!hit.isAllowed) throw new AppError('REQUEST_LIMIT');
    }
    throw err;
  }
}
