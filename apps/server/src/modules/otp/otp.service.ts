import { OTP_MAX_VERIFY_ATTEMPTS, OTP_SEND_INTERVAL_MS, OTP_SENDS_PER_DAY, OTP_TTL_MS } from '@wallet/contract/limits';
import type { FastifyBaseLogger } from 'fastify';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { OtpRepository } from './otp.repository.ts';
import { bangkokDayStart } from '../../lib/bangkok-time.ts';

/** Sends per client IP, across all phones (SMS pumping). Generous enough for carrier-grade NAT. */
export const OTP_SEND_IP_RULE: RateLimitRule = { limit: 20, windowMs: 3600_000 };
/** A verified phone stays verified this long: registration accepts it, send answers OTP_VERIFIED. */
export const OTP_VERIFIED_WINDOW_MS = 30 * 60_000;
/** Rows are kept two days (the daily send count needs today's). */
export const OTP_RETENTION_MS = 2 * 86_400_000;

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{20,64}$/;

export type OtpSendResult = { otpRef: string; otpToken: string; code: 'OTP_SENT' | 'OTP_VERIFIED' };

export type OtpServiceDeps = {
  repo: OtpRepository;
  clock: Clock;
  limiter: RateLimiter;
  sms: SmsProvider;
  /** secret mixed into every stored hash */
  pepper: Buffer;
  variant: 'th' | 'la';
  log: FastifyBaseLogger;
};

/** Registration OTPs: 6 digits by CSPRNG, hashed at rest, 5 minutes, single use, 5 guesses per token. */
export class OtpService {
  constructor(private readonly deps: OtpServiceDeps) {}

  private hmac(...parts: string[]): string {
    return createHmac('sha256', this.deps.pepper).update(parts.join('\u0000')).digest('hex');
  }

  private smsText(code: string, ref: string): string {
    return this.deps.variant === 'la'
      ? `ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${code} (Ref: ${ref}) ໝົດອາຍຸໃນ 5 ນາທີ`
      : `รหัส OTP ของคุณคือ ${code} (Ref: ${ref}) หมดอายุใน 5 นาที`;
  }

  /** `phone` is already normalised and known not to be a member. */
  async send(phone: string, ip: string): Promise<OtpSendResult> {
    const { repo, clock, limiter } = this.deps;
    const now = clock.now();
    const verified = await repo.latestVerification(phone, new Date(now.getTime() - OTP_VERIFIED_WINDOW_MS));
    if (verified) return { otpRef: verified.ref, otpToken: '', code: 'OTP_VERIFIED' };

    if (!(await limiter.hit('otp-send-ip', ip, OTP_SEND_IP_RULE)).isAllowed) throw new AppError('OTP_BLOCK');

    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const ref = Array.from({ length: 4 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('');
    const otpToken = randomBytes(24).toString('base64url');
    const tokenHash = this.hmac('token', otpToken);
    const id = await repo.withPhoneLock(phone, async (tx) => {
      const stats = await repo.sendStats(tx, phone, bangkokDayStart(now));
      if (stats.lastSentAt && now.getTime() - stats.lastSentAt.getTime() < OTP_SEND_INTERVAL_MS) {
        throw new AppError('REQUEST_LIMIT_1MIN');
      }
      if (stats.sentToday >= OTP_SENDS_PER_DAY) throw new AppError('OTP_BLOCK');
      return repo.insertReplacingPending(tx, {
        phone,
        tokenHash,
        codeHash: this.hmac('code', tokenHash, code),
        ref,
        ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      });
    });

    try {
      await this.deps.sms.send(phone, this.smsText(code, ref));
    } catch (err) {
      // a failed send does not count against the phone's limits
      await repo.delete(id);
      this.deps.log.error({ err, otpRef: ref }, 'OTP SMS failed');
      throw new AppError('OTP_SEND_FAIL');
    }
    return { otpRef: ref, otpToken, code: 'OTP_SENT' };
  }

  async verify(otpToken: string, otpCode: string): Promise<{ code: 'OTP_CODE_VALID'; message: 'OK' }> {
    const { repo, clock } = this.deps;
    if (!TOKEN_FORMAT.test(otpToken)) throw new AppError('OTP_TOKEN_INVALID');
    const tokenHash = this.hmac('token', otpToken);
    const row = await repo.findByToken(tokenHash);
    if (!row || row.verifiedAt || row.invalidatedAt) throw new AppError('OTP_TOKEN_INVALID');
    if (row.attempts >= OTP_MAX_VERIFY_ATTEMPTS) throw new AppError('OTP_BLOCK');
    const now = clock.now();
    if (row.expiresAt <= now) throw new AppError('OTP_EXPIRED');

    const spent = await repo.spendAttempt(row.id, OTP_MAX_VERIFY_ATTEMPTS);
    if (!spent) {
      // a concurrent request used the last attempt or verified the code first
      const latest = await repo.findByToken(tokenHash);
      throw new AppError(latest && !latest.verifiedAt && !latest.invalidatedAt ? 'OTP_BLOCK' : 'OTP_TOKEN_INVALID');
    }
    const expected = Buffer.from(spent.codeHash, 'hex');
    const actual = Buffer.from(this.hmac('code', tokenHash, otpCode.trim()), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new AppError('OTP_CODE_INVALID');
    if (!(await repo.markVerified(row.id, now))) throw new AppError('OTP_TOKEN_INVALID');
    return { code: 'OTP_CODE_VALID', message: 'OK' };
  }

  async isRecentlyVerified(phone: string): Promise<boolean> {
    const since = new Date(this.deps.clock.now().getTime() - OTP_VERIFIED_WINDOW_MS);
    return (await this.deps.repo.latestVerification(phone, since)) !== undefined;
  }

  /** Delete codes past the retention; returns how many. */
  async deleteOld(): Promise<number> {
    return this.deps.repo.deleteCreatedBefore(new Date(this.deps.clock.now().getTime() - OTP_RETENTION_MS));
  }
}

/** A pepper for OTP hashes derived from the server's encryption key (never stored). */
export function otpPepper(encryptionKey: string): Buffer {
  return createHmac('sha256', encryptionKey).update('otp-pepper-v1').digest();
}
