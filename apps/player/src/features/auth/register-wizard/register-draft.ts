import { OTP_TICKET_TTL_MS, OTP_TTL_MS, type LaoCurrency } from '@wallet/contract/limits';
import type { OtpState } from './otp-step.tsx';
import type { BankValues, RegisterStep } from './register-rules.ts';

/**
 * What the registration wizard keeps for the tab session so a reload does not lose the steps or force a new OTP
 * Never the password: after a reload the player types it again.
 */
export type RegisterDraft = {
  step: RegisterStep;
  phone: string;
  /** the code sent to `phone` (its token is what verify needs), while the code is valid */
  otp: OtpState | null;
  /** the phone was verified; trusted until this time (the server's ticket lifetime) */
  verifiedUntil: number | null;
  profile: { name: string; sourceCode: string; inviteCode: string };
  bank: BankValues & { currency?: LaoCurrency };
};

const STEPS: readonly RegisterStep[] = ['phone', 'otp', 'profile', 'bank'];
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function readOtp(value: unknown, now: number): OtpState | null {
  if (!isRecord(value)) return null;
  const { otpRef, otpToken, sentAt } = value;
  if (typeof otpRef !== 'string' || typeof otpToken !== 'string' || typeof sentAt !== 'number') return null;
  // a code past its lifetime can't be verified: the player asks for a new one
  return now < sentAt + OTP_TTL_MS ? { otpRef, otpToken, sentAt } : null;
}

/**
 * Reads a stored draft (anything: it comes from the browser). Steps that can no longer be resumed fall back:
 * the bank step needs the password again (profile step), an expired code goes back to the phone step, and so does
 * a verification older than the ticket's lifetime.
 */
export function restoreDraft(raw: unknown, now = Date.now()): RegisterDraft | null {
  if (!isRecord(raw) || typeof raw.phone !== 'string' || !STEPS.includes(raw.step as RegisterStep)) return null;
  const otp = readOtp(raw.otp, now);
  const isOtpVerified = typeof raw.verifiedUntil === 'number' && now < raw.verifiedUntil;
  const profile = isRecord(raw.profile) ? raw.profile : {};
  const bank = isRecord(raw.bank) ? raw.bank : {};
  const currency = bank.currency === 'LAK' || bank.currency === 'BAHT' ? bank.currency : undefined;
  let step = raw.step as RegisterStep;
  if (step === 'bank') step = 'profile';
  if (step === 'otp' && !otp) step = 'phone';
  // the profile step came after a verification that has lapsed: verify again (an OTP-off site never set it)
  if (step === 'profile' && raw.verifiedUntil !== null && !isOtpVerified) step = 'phone';
  return {
    step,
    phone: raw.phone,
    otp,
    verifiedUntil: isOtpVerified ? (raw.verifiedUntil as number) : null,
    profile: { name: text(profile.name), sourceCode: text(profile.sourceCode), inviteCode: text(profile.inviteCode) },
    bank: {
      bankCode: text(bank.bankCode),
      bankAccountNo: text(bank.bankAccountNo),
      firstName: text(bank.firstName),
      lastName: text(bank.lastName),
      ...(currency ? { currency } : {}),
    },
  };
}

/** The verification is trusted as long as the ticket the server handed out (OTP_TICKET_TTL_MS). */
export const verifiedUntil = (verifiedAt: number): number => verifiedAt + OTP_TICKET_TTL_MS;
