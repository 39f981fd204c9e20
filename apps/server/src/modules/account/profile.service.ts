import type { Profile, UpdateProfileRequestSchema } from '@wallet/contract/account';
import { ENGLISH_NAME_PATTERN } from '@wallet/contract/limits';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { hashPassword, verifyPassword } from '../auth/auth.api.ts';
import type { AuthMember, SessionService } from '../auth/auth.api.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import type { OtpSendResult, OtpService } from '../otp/otp.api.ts';
import { uniqueViolation, type AccountRepository } from './account.repository.ts';
import { checkBankFields } from './bank-account.ts';
import { PAYOUT_ACCOUNT_CHANGED, type PayoutCooling } from './payout-cooling.ts';
import { checkNewPassword, cleanName } from './registration-rules.ts';

type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/** Wrong current passwords per member: a stolen token must not become a password oracle. */
const CHANGE_PASSWORD_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

export type ProfileDeps = {
  repo: AccountRepository;
  sessions: SessionService;
  limiter: RateLimiter;
  clock: Clock;
  otp: OtpService;
  cooling: PayoutCooling;
};

/** Who asks for a change, for the security event. */
export type ChangeMeta = { ip: string; sessionId: string };

/** The signed-in member's own record: read, edit (allowlisted fields), bank name, password. */
export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  async get(memberId: number): Promise<Profile> {
    const row = await this.deps.repo.profile(memberId);
    if (!row) throw new AppError('invalid-token');
    return {
      _id: String(row.id),
      name: row.name,
      username: row.username,
      createdAt: row.createdAt.toISOString(),
      coin: row.coin,
      currency: row.currency,
      bankCode: row.bankCode,
      bankAccountName: row.bankAccountName,
      bankAccountNo: row.bankAccountNo,
      bank: { nameTH: row.bankNameTH ?? '' },
      payoutCoolingUntil: (await this.deps.cooling.until(memberId))?.toISOString() ?? null,
    };
  }

  /** Step-up for a payout-account change: an OTP to the member's own phone (the username). */
  async sendBankChangeOtp(member: AuthMember, ip: string, language?: ContentLanguage): Promise<OtpSendResult> {
    return this.deps.otp.send(member.username, ip, { purpose: 'bank-change', language });
  }

  /**
   * Only name and the three bank fields can change (the schema drops anything else). A new bankCode or
   * bankAccountNo redirects payouts, so it needs a fresh OTP to the member's phone, is recorded as a security
   * event, and starts the payout cooling period (ASVS 7.5.1, docs/decisions/0017).
   */
  async update(member: AuthMember, body: UpdateProfileRequest, meta: ChangeMeta): Promise<Profile> {
    const { repo, clock } = this.deps;
    const memberId = member.id;
    const current = await this.get(memberId);
    const fields: { name?: string; bankCode?: string; bankAccountName?: string; bankAccountNo?: string } = {};
    if (body.name !== undefined) fields.name = cleanName(body.name);
    const touchesBank =
      body.bankCode !== undefined || body.bankAccountName !== undefined || body.bankAccountNo !== undefined;
    if (touchesBank) {
      // the bank rules apply to the account as it will be after the change
      const bank = await checkBankFields(
        repo,
        {
          bankCode: body.bankCode ?? current.bankCode,
          bankAccountName: body.bankAccountName ?? current.bankAccountName,
          bankAccountNo: body.bankAccountNo ?? current.bankAccountNo,
        },
        memberId,
      );
      Object.assign(fields, {
        bankCode: bank.bankCode,
        bankAccountName: bank.bankAccountName,
        bankAccountNo: bank.bankAccountNo,
      });
    }
    if (Object.keys(fields).length === 0) return current;
    const isPayoutChange =
      (fields.bankCode !== undefined && fields.bankCode !== current.bankCode) ||
      (fields.bankAccountNo !== undefined && fields.bankAccountNo !== current.bankAccountNo);
    try {
      if (isPayoutChange) {
        if (!body.otpToken || !body.otpCode) throw new AppError('UNVERIFIED_OTP');
        await this.deps.otp.verify(body.otpToken, body.otpCode, { purpose: 'bank-change', phone: member.username });
        const before = { bankCode: current.bankCode, bankAccountNo: current.bankAccountNo };
        const after = {
          bankCode: fields.bankCode ?? before.bankCode,
          bankAccountNo: fields.bankAccountNo ?? before.bankAccountNo,
        };
        await repo.updateMemberWithEvent(
          memberId,
          fields,
          { kind: PAYOUT_ACCOUNT_CHANGED, detail: { before, after }, ip: meta.ip, sessionId: meta.sessionId },
          clock.now(),
        );
      } else await repo.updateMember(memberId, fields, clock.now());
    } catch (err) {
      if (uniqueViolation(err) === 'bank') throw new AppError('EXISTING_BANK');
      throw err;
    }
    return this.get(memberId);
  }

  /** PUT /bankAccountName: an English name (A-Z and spaces) for the member's own bank. */
  async setBankAccountName(
    memberId: number,
    bankCode: string,
    bankAccountName: string,
  ): Promise<{ message: 'SUCCESS' }> {
    const current = await this.get(memberId);
    if (bankCode.trim().toUpperCase() !== current.bankCode) throw new AppError('INVALID_BANK');
    const name = bankAccountName.trim().replace(/\s+/g, ' ').toUpperCase();
    if (!ENGLISH_NAME_PATTERN.test(name) || name.length > 100) throw new AppError('BANK_ACCOUNT_NAME_ENG');
    await this.deps.repo.updateMember(memberId, { bankAccountName: name }, this.deps.clock.now());
    return { message: 'SUCCESS' };
  }

  /** Needs the current password; ends every other session of the member (ASVS 7.4.3). */
  async changePassword(
    member: AuthMember,
    oldPassword: string,
    newPassword: string,
    meta: { ip: string | null } = { ip: null },
  ): Promise<{ message: 'SUCCESS' }> {
    const { repo, limiter, sessions, clock } = this.deps;
    checkNewPassword(newPassword);
    const key = String(member.id);
    // count before checking, so parallel guesses cannot slip past the limit
    if (!(await limiter.hit('change-password', key, CHANGE_PASSWORD_RULE)).isAllowed)
      throw new AppError('REQUEST_LIMIT');
    const hash = await repo.passwordHash(member.id);
    if (!hash || !(await verifyPassword(hash, oldPassword))) throw new AppError('WRONG_PASSWORD');
    await repo.setPasswordWithEvent(
      member.id,
      await hashPassword(newPassword),
      { kind: 'password-changed', ip: meta.ip, sessionId: member.sessionId },
      clock.now(),
    );
    await sessions.revokeAll(member.id, member.sessionId);
    await limiter.reset('change-password', key, CHANGE_PASSWORD_RULE);
    return { message: 'SUCCESS' };
  }
}
