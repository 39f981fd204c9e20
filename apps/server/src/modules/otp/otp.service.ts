import {
  OTP_MAX_VERIFY_ATTEMPTS,
  OTP_SEND_INTERVAL_MS,
  OTP_SENDS_PER_DAY,
  OTP_TICKET_TTL_MS,
  OTP_TTL_MS,
} from '@wallet/contract/limits';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { OtpPurpose, OtpRepository } from './otp.repository.ts';
import { bangkokDayStart } from '../../lib/bangkok-time.ts';
import { requestLanguage, type ContentLanguage } from '../content/content.api.ts';

/**
 * The language of an OTP SMS: the one the request asks for (the player sends its interface language as
 * Accept-Language), the build's own language when it names none.
 */
export const smsLanguage = (request: FastifyRequest): ContentLanguage | undefined =>
  request.headers['accept-language'] ? requestLanguage(request) : undefined;

const SMS_TEXTS: Record<OtpPurpose, Record<ContentLanguage, (code: string, ref: string) => string>> = {
  'password-reset': {
    th: (code, ref) => `รหัส OTP สำหรับตั้งรหัสผ่านใหม่: ${code} (Ref: ${ref}) หมดอายุใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
    la: (code, ref) => `ລະຫັດ OTP ເພື່ອຕັ້ງລະຫັດຜ່ານໃໝ່: ${code} (Ref: ${ref}) ໝົດອາຍຸໃນ 5 ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ໃຜ`,
    en: (code, ref) => `Your password reset OTP: ${code} (Ref: ${ref}), valid for 5 minutes. Never share this code.`,
  },
  'bank-change': {
    th: (code, ref) => `รหัส OTP สำหรับเปลี่ยนบัญชีธนาคาร: ${code} (Ref: ${ref}) หมดอายุใน 5 นาที`,
    la: (code, ref) => `ລະຫັດ OTP ເພື່ອປ່ຽນບັນຊີທະນາຄານ: ${code} (Ref: ${ref}) ໝົດອາຍຸໃນ 5 ນາທີ`,
    en: (code, ref) => `Your OTP to change your bank account: ${code} (Ref: ${ref}), valid for 5 minutes.`,
  },
  register: {
    th: (code, ref) => `รหัส OTP ของคุณคือ ${code} (Ref: ${ref}) หมดอายุใน 5 นาที`,
    la: (code, ref) => `ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${code} (Ref: ${ref}) ໝົດອາຍຸໃນ 5 ນາທີ`,
    en: (code, ref) => `Your OTP is ${code} (Ref: ${ref}), valid for 5 minutes.`,
  },
};

/** Sends per client IP, across all phones (SMS pumping). Generous enough for carrier-grade NAT. */
const OTP_SEND_IP_RULE: RateLimitRule = { limit: 20, windowMs: 3600_000 };
/**
 * A registration ticket (handed to the client that verified the code) stays valid this long: registration accepts
 * it, and send answers OTP_VERIFIED to its holder (docs/decisions/0017-otp-ticket-step-up-sessions.md).
 */
const OTP_VERIFIED_WINDOW_MS = OTP_TICKET_TTL_MS;
/** Rows are kept two days (the daily send count needs today's). */
const OTP_RETENTION_MS = 2 * 86_400_000;

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * What a verification is for: a sign-up or a password reset (both hand out a ticket for the phone) or a member's
 * step-up (bound to the member's phone).
 */
export type OtpCheck =
  { purpose: 'register' } | { purpose: 'password-reset' } | { purpose: 'bank-change'; phone: string };
/** Purposes whose verification hands the client a single-use ticket for the phone. */
type TicketPurpose = 'register' | 'password-reset';

export type OtpSendResult = { otpRef: string; otpToken: string; code: 'OTP_SENT' | 'OTP_VERIFIED' };
export type OtpVerifyResult = { code: 'OTP_CODE_VALID'; message: 'OK'; otpTicket?: string };

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

  private smsText(code: string, ref: string, purpose: OtpPurpose, language?: ContentLanguage): string {
    return SMS_TEXTS[purpose][language ?? this.deps.variant](code, ref);
  }

  /**
   * `phone` is already normalised (and, for `register`, known not to be a member). Only the holder of a valid
   * ticket for the phone is told OTP_VERIFIED; anyone else gets a new code sent to the phone's owner.
   * `deliver: false` stores the code under the same limits but sends no SMS: a password reset for a phone that is
   * not a member answers exactly as for a member (enumeration-safe) and its code can never be verified.
   */
  async send(
    phone: string,
    ip: string,
    options: {
      purpose?: OtpPurpose;
      ticket?: string | undefined;
      deliver?: boolean;
      /** the SMS's language (smsLanguage); the build's language when absent */
      language?: ContentLanguage | undefined;
    } = {},
  ): Promise<OtpSendResult> {
    const { repo, clock, limiter } = this.deps;
    const purpose = options.purpose ?? 'register';
    const now = clock.now();
    if (purpose === 'register' && options.ticket) {
      const held = await this.findTicket(phone, options.ticket);
      if (held) return { otpRef: held.ref, otpToken: '', code: 'OTP_VERIFIED' };
    }

    if (!(await limiter.hit('otp-send-ip', ip, OTP_SEND_IP_RULE)).isAllowed) throw new AppError('OTP_BLOCK');

    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const ref = Array.from({ length: 4 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('');
    const otpToken = randomBytes(24).toString('base64url');
    const tokenHash = this.hmac('token', otpToken);
    const id = await repo.withPhoneLock(phone, async (tx) => {
      const stats = await repo.sendStats(tx, phone, purpose, bangkokDayStart(now));
      if (stats.lastSentAt && now.getTime() - stats.lastSentAt.getTime() < OTP_SEND_INTERVAL_MS) {
        throw new AppError('REQUEST_LIMIT_1MIN');
      }
      if (stats.sentToday >= OTP_SENDS_PER_DAY) throw new AppError('OTP_BLOCK');
      return repo.insertReplacingPending(tx, {
        phone,
        purpose,
        tokenHash,
        codeHash: this.hmac('code', tokenHash, code),
        ref,
        ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      });
    });

    if (options.deliver === false) return { otpRef: ref, otpToken, code: 'OTP_SENT' };
    try {
      await this.deps.sms.send(phone, this.smsText(code, ref, purpose, options.language));
    } catch (err) {
      // a failed send does not count against the phone's limits
      await repo.delete(id);
      this.deps.log.error({ err, otpRef: ref }, 'OTP SMS failed');
      throw new AppError('OTP_SEND_FAIL');
    }
    return { otpRef: ref, otpToken, code: 'OTP_SENT' };
  }

  /** Check a code once. A registration answer carries the single-use ticket that stands for the verified phone. */
  async verify(otpToken: string, otpCode: string, check: OtpCheck = { purpose: 'register' }): Promise<OtpVerifyResult> {
    const { repo, clock } = this.deps;
    if (!TOKEN_FORMAT.test(otpToken)) throw new AppError('OTP_TOKEN_INVALID');
    const tokenHash = this.hmac('token', otpToken);
    const row = await repo.findByToken(tokenHash);
    if (!row || row.verifiedAt || row.invalidatedAt) throw new AppError('OTP_TOKEN_INVALID');
    // a token is good only for what it was sent for (a sign-up code cannot approve a bank change, or the reverse)
    if (row.purpose !== check.purpose || (check.purpose === 'bank-change' && row.phone !== check.phone)) {
      throw new AppError('OTP_TOKEN_INVALID');
    }
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
    const ticket = check.purpose === 'bank-change' ? null : randomBytes(32).toString('base64url');
    if (!(await repo.markVerified(row.id, now, ticket ? this.hmac('ticket', ticket) : null))) {
      throw new AppError('OTP_TOKEN_INVALID');
    }
    return ticket
      ? { code: 'OTP_CODE_VALID', message: 'OK', otpTicket: ticket }
      : { code: 'OTP_CODE_VALID', message: 'OK' };
  }

  private findTicket(phone: string, ticket: string, purpose: TicketPurpose = 'register') {
    if (!TOKEN_FORMAT.test(ticket)) return Promise.resolve(undefined);
    const since = new Date(this.deps.clock.now().getTime() - OTP_VERIFIED_WINDOW_MS);
    return this.deps.repo.findTicket(phone, this.hmac('ticket', ticket), since, purpose);
  }

  /** Whether `ticket` is a valid, unspent ticket of `purpose` for `phone`. */
  async holdsTicket(phone: string, ticket: string | undefined, purpose: TicketPurpose = 'register'): Promise<boolean> {
    return ticket !== undefined && (await this.findTicket(phone, ticket, purpose)) !== undefined;
  }

  /** Spend the ticket for `phone` (the registration or reset succeeded); false when not valid or already spent. */
  async spendTicket(phone: string, ticket: string | undefined, purpose: TicketPurpose = 'register'): Promise<boolean> {
    const held = ticket === undefined ? undefined : await this.findTicket(phone, ticket, purpose);
    return held !== undefined && this.deps.repo.spendTicket(held.id, this.deps.clock.now());
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
