import { ENGLISH_NAME_BANKS, ENGLISH_NAME_PATTERN } from '@wallet/contract/limits';
import type { Profile } from '@wallet/contract/account';

/** docs/spec.md §5: KTB, TMB and BBL accounts whose name has non-English characters are asked for the English name. */
export const needsEnglishBankName = (profile: Pick<Profile, 'bankCode' | 'bankAccountName'>): boolean =>
  (ENGLISH_NAME_BANKS as readonly string[]).includes(profile.bankCode) &&
  !ENGLISH_NAME_PATTERN.test(profile.bankAccountName.trim());

/** The English bank account name: required, letters A–Z and spaces only. Returns a `profile` key or null. */
export function validateEnglishName(name: string): string | null {
  if (!name.trim()) return 'bankName.required';
  if (!ENGLISH_NAME_PATTERN.test(name.trim())) return 'bankName.englishOnly';
  return null;
}

export type ChangePasswordValues = { oldPassword: string; newPassword: string; confirmPassword: string };

/**
 * 'silent' when a field is empty (the form does nothing), 'notEqual' when the new password and its
 * confirmation differ, 'ok' otherwise. No length rule (docs/spec.md §5).
 */
export function checkChangePassword(values: ChangePasswordValues): 'silent' | 'notEqual' | 'ok' {
  if (!values.oldPassword || !values.newPassword || !values.confirmPassword) return 'silent';
  if (values.newPassword !== values.confirmPassword) return 'notEqual';
  return 'ok';
}

export type BankChangeValues = { bankCode: string; bankAccountNo: string; bankAccountName: string };

/**
 * Before asking for a code: every field filled, and a different bank or account number (a `profile` key, or null).
 * The server applies the bank rules (digits per bank, English names) and answers with its code.
 */
export function checkBankChange(
  values: BankChangeValues,
  current: Pick<Profile, 'bankCode' | 'bankAccountNo'>,
): string | null {
  if (!values.bankCode || !values.bankAccountNo.trim() || !values.bankAccountName.trim()) return 'bankChange.required';
  if (values.bankCode === current.bankCode && values.bankAccountNo.trim() === current.bankAccountNo) {
    return 'bankChange.unchanged';
  }
  return null;
}

/** The end of the payout cooling period while it runs, else null. */
export function payoutCoolingUntil(profile: Pick<Profile, 'payoutCoolingUntil'>, now = Date.now()): string | null {
  const until = profile.payoutCoolingUntil;
  return until && Date.parse(until) > now ? until : null;
}
