import type { RegisterRequestSchema, ValidateRequestSchema } from '@wallet/contract/account';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../auth/auth.api.ts';
import type { OtpService } from '../otp/otp.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import { uniqueViolation, type AccountRepository } from './account.repository.ts';
import { checkBankFields } from './bank-account.ts';
import { requirePhone, type Variant } from '../../lib/phone-number.ts';
import { checkPassword, cleanName, parseInviteCode, walletCurrency } from './registration-rules.ts';

type ValidateRequest = z.infer<typeof ValidateRequestSchema>;
type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export type RegisterDeps = {
  repo: AccountRepository;
  otp: OtpService;
  settings: SettingsService;
  variant: Variant;
  clock: Clock;
};

/** Registration (docs/spec.md §2 Register, §5): validate steps 3-4 and create the member. */
export class RegisterService {
  constructor(private readonly deps: RegisterDeps) {}

  /** Every rule for the fields present; throws the first failing code. */
  async validate(body: ValidateRequest) {
    const { repo, otp, settings, variant } = this.deps;
    const username = requirePhone(variant, body.username);
    // the ticket first: without one, nothing about the phone or bank is revealed
    const isOtpRequired = await settings.get('registerOTP');
    if (isOtpRequired && !(await otp.holdsTicket(username, body.otpTicket))) throw new AppError('UNVERIFIED_OTP');
    if (await repo.usernameExists(username)) throw new AppError('EXISTING_USER');
    const name = cleanName(body.name);
    checkPassword(body.password);
    const sourceCode = (body.sourceCode ?? '').trim().toUpperCase();
    if (sourceCode !== '' && !(await repo.sourceExists(sourceCode))) throw new AppError('INVALID_USER_INFO');
    const inviterId = parseInviteCode(body.inviteCode);
    if (inviterId !== null && !(await repo.memberExists(inviterId))) throw new AppError('INVALID_USER_INFO');
    const bank = await checkBankFields(repo, body);
    return {
      isOtpRequired,
      username,
      name,
      sourceCode: sourceCode === '' ? null : sourceCode,
      inviterId,
      currency: walletCurrency(variant, body.currency),
      bank,
    };
  }

  async register(body: RegisterRequest): Promise<void> {
    const { repo } = this.deps;
    const valid = await this.validate(body);
    const { bankCode, bankAccountName, bankAccountNo } = valid.bank;
    // the schema requires all three; validate() cleaned them
    if (!bankCode || !bankAccountName || !bankAccountNo) throw new AppError('INVALID_USER_INFO');
    const passwordHash = await hashPassword(body.password);
    const now = this.deps.clock.now();
    try {
      await repo.insertMember({
        username: valid.username,
        passwordHash,
        name: valid.name,
        currency: valid.currency,
        bankCode,
        bankAccountName,
        bankAccountNo,
        sourceCode: valid.sourceCode,
        inviterId: valid.inviterId,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      // a concurrent registration won the race between our checks and the insert
      const clash = uniqueViolation(err);
      if (clash === 'username') throw new AppError('EXISTING_USER');
      if (clash === 'bank') throw new AppError('EXISTING_BANK');
      throw err;
    }
    // single use: the member exists now, so the ticket can answer OTP_VERIFIED no more
    if (valid.isOtpRequired) await this.deps.otp.spendTicket(valid.username, body.otpTicket);
  }
}
