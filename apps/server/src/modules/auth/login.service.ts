import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter, RateLimitHit, RateLimitRule } from '../../lib/rate-limiter.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import type { SessionService, SessionTokens } from './session.service.ts';
import { normalizePhone, type Variant } from '../../lib/phone-number.ts';

/**
 * Login throttling (docs/decisions/0004-password-rules.md). Counters hold failed attempts:
 * - per (phone, IP): the strict one; the owner's own IP is never slowed by others' failures;
 * - per IP: one client guessing many phones;
 * - per phone, from IPs the member has not signed in from lately: caps distributed guessing at
 *   100 an hour (ASVS 6.3.1) while the owner's known devices keep working.
 */
export const LOGIN_PAIR_RULE: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const LOGIN_IP_RULE: RateLimitRule = { limit: 50, windowMs: 15 * 60_000 };
const LOGIN_PHONE_RULE: RateLimitRule = { limit: 100, windowMs: 3600_000 };
/** An IP with a session of the member this recent counts as the owner's. */
const KNOWN_IP_MS = 30 * 86_400_000;

/** What login reads of the members (the account module's repository provides it). */
type LoginAccounts = {
  findLogin(username: string): Promise<{ id: number; passwordHash: string; status: string } | undefined>;
};

export type LoginDeps = {
  repo: LoginAccounts;
  sessions: SessionService;
  limiter: RateLimiter;
  clock: Clock;
  variant: Variant;
};

export class LoginService {
  constructor(private readonly deps: LoginDeps) {}

  async login(
    username: string,
    password: string,
    meta: { ip: string; userAgent?: string; remember?: boolean },
  ): Promise<SessionTokens> {
    const { repo, sessions, limiter, clock } = this.deps;
    // the per-IP limit first: a client over it adds no other counter (random usernames cannot grow the store)
    const byIp = await limiter.hit('login-ip', meta.ip, LOGIN_IP_RULE);
    if (!byIp.isAllowed) throw new AppError('REQUEST_LIMIT');

    // per-phone counters only for valid phone formats: anything else cannot be a member (the IP counter has it)
    const phone = normalizePhone(this.deps.variant, username);
    const member = phone ? await repo.findLogin(phone) : undefined;
    const isKnownIp = member
      ? await sessions.hasSessionFromIp(member.id, meta.ip, new Date(clock.now().getTime() - KNOWN_IP_MS))
      : false;

    // count the attempt before checking the password, so parallel guesses cannot slip past the limit
    const pair = phone ? await limiter.hit('login-pair', `${phone}|${meta.ip}`, LOGIN_PAIR_RULE) : null;
    const byPhone = phone && !isKnownIp ? await limiter.hit('login-phone', phone, LOGIN_PHONE_RULE) : null;
    if ((pair && !pair.isAllowed) || (byPhone && !byPhone.isAllowed)) throw new AppError('REQUEST_LIMIT');

    // an unknown phone spends the same hashing time as a known one
    const isValid = member
      ? await verifyPassword(member.passwordHash, password)
      : (await verifyPassword(await dummyPasswordHash(), password)) && false;
    if (!member || !isValid) throw new AppError('WRONG_CREDENTIAL');

    // only failures count: forget the owner's pair, take back the other two hits
    await limiter.reset('login-pair', `${phone}|${meta.ip}`, LOGIN_PAIR_RULE);
    await Promise.all([byIp, byPhone].filter((h): h is RateLimitHit => h !== null).map((h) => limiter.undo(h)));

    if (member.status !== 'active') throw new AppError('INACTIVE_USER');
    return this.deps.sessions.start(member.id, {
      ip: meta.ip,
      ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      ...(meta.remember === undefined ? {} : { remember: meta.remember }),
    });
  }

  async logout(sessionId: string): Promise<{ message: 'SUCCESS' }> {
    await this.deps.sessions.revoke(sessionId);
    return { message: 'SUCCESS' };
  }
}
