import type { SecurityEvent } from '@wallet/contract/account';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { requirePhone, type Variant } from '../../lib/phone-number.ts';
import { hashPassword, type SessionService } from '../auth/auth.api.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import type { OtpSendResult, OtpService } from '../otp/otp.api.ts';
import type { AccountRepository } from './account.repository.ts';
import { PAYOUT_ACCOUNT_CHANGED } from './payout-cooling.ts';
import { checkNewPassword } from './registration-rules.ts';

/** Resets per client address (the OTP's own per-phone and per-address send limits apply before this). */
const PASSWORD_RESET_IP_RULE: RateLimitRule = { limit: 10, windowMs: 3600_000 };

const PASSWORD_RESET = 'password-reset';
const PASSWORD_CHANGED = 'password-changed';
const SHOWN_KINDS = [
  PASSWORD_RESET,
  PASSWORD_CHANGED,
  PAYOUT_ACCOUNT_CHANGED,
  // passkeys (docs/decisions/0040-passkeys.md)
  'passkey-added',
  'passkey-removed',
  'passkey-sign-in',
  'passkey-refused',
  'passkeys-removed',
] as const;

type SessionTokens = Awaited<ReturnType<SessionService['start']>>;

type Deps = {
  repo: AccountRepository;
  otp: OtpService;
  sessions: SessionService;
  limiter: RateLimiter;
  clock: Clock;
  variant: Variant;
  /** removes the member's passkeys, recording it (docs/decisions/0040-passkeys.md) */
  removePasskeys: (memberId: number, ip: string) => Promise<number>;
};

/**
 * Forgot password by OTP (docs/decisions/0037-forgot-password.md): a code to the phone, a single-use ticket for the
 * verified phone, then a new password that ends every session and signs the member in. Every answer before the
 * code is verified is the same for a member's phone and any other phone.
 */
export class PasswordResetService {
  constructor(private readonly deps: Deps) {}

  async sendCode(phoneNumber: string, ip: string, language?: ContentLanguage): Promise<OtpSendResult> {
    const phone = requirePhone(this.deps.variant, phoneNumber);
    const member = await this.deps.repo.findLogin(phone);
    // any other phone gets the same answer under the same limits; its code is stored but never sent
    return this.deps.otp.send(phone, ip, {
      purpose: 'password-reset',
      deliver: member?.status === 'active',
      language,
    });
  }

  verifyCode(otpToken: string, otpCode: string) {
    return this.deps.otp.verify(otpToken, otpCode, { purpose: 'password-reset' });
  }

  async reset(
    input: { phoneNumber: string; otpTicket: string; newPassword: string; remember?: boolean | undefined },
    meta: { ip: string; userAgent?: string },
  ): Promise<SessionTokens> {
    const { repo, otp, sessions, limiter, clock } = this.deps;
    checkNewPassword(input.newPassword);
    if (!(await limiter.hit('password-reset-ip', meta.ip, PASSWORD_RESET_IP_RULE)).isAllowed) {
      throw new AppError('REQUEST_LIMIT');
    }
    const phone = requirePhone(this.deps.variant, input.phoneNumber);
    if (!(await otp.holdsTicket(phone, input.otpTicket, 'password-reset'))) throw new AppError('UNVERIFIED_OTP');
    const member = await repo.findLogin(phone);
    if (!member) throw new AppError('UNVERIFIED_OTP');
    if (member.status !== 'active') throw new AppError('INACTIVE_USER');
    const passwordHash = await hashPassword(input.newPassword);
    // spending the ticket is the one atomic step: of two resets racing with it, only one goes on
    if (!(await otp.spendTicket(phone, input.otpTicket, 'password-reset'))) throw new AppError('UNVERIFIED_OTP');
    await repo.setPasswordWithEvent(
      member.id,
      passwordHash,
      { kind: PASSWORD_RESET, ip: meta.ip, sessionId: null },
      clock.now(),
    );
    await sessions.revokeAll(member.id, undefined, PASSWORD_RESET);
    // a passkey an account thief added would outlive the reset: the reset removes them all (ADR 0040)
    await this.deps.removePasskeys(member.id, meta.ip);
    return sessions.start(member.id, {
      ip: meta.ip,
      ...(meta.userAgent ? { userAgent: meta.userAgent } : {}),
      ...(input.remember === undefined ? {} : { remember: input.remember }),
    });
  }

  /** What the profile shows: the last 20 password, payout-account and passkey events, the address's last part masked. */
  async events(memberId: number): Promise<{ items: SecurityEvent[] }> {
    const rows = await this.deps.repo.securityEvents(memberId, SHOWN_KINDS, 20);
    return {
      items: rows.map((row) => ({
        kind: row.kind as SecurityEvent['kind'],
        at: row.at.toISOString(),
        ip: row.ip ? maskAddress(row.ip) : null,
      })),
    };
  }
}

/** 203.0.113.7 → 203.0.113.x; an IPv6 address keeps its first four groups. */
function maskAddress(ip: string): string {
  const v4 = ip.replace(/^::ffff:/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return v4.replace(/\.\d+$/, '.x');
  return `${ip.split(':').slice(0, 4).join(':')}:…`;
}
