import {
  ENGLISH_NAME_PATTERN,
  LAO_CURRENCIES,
  MEMBER_PASSWORD_MAX_CHARS,
  MEMBER_PASSWORD_MIN_CHARS,
  type LaoCurrency,
} from '@wallet/contract/limits';
import { AppError } from '../../errors.ts';
import type { Variant } from '../../lib/phone-number.ts';

/** Letters of any script (Thai and Lao marks included), spaces, dots, apostrophes and hyphens. */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
/** A display name may also carry digits; never markup or control characters. */
const DISPLAY_NAME = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .'_-]*$/u;
const INVITE_CODE = /^PR(\d{1,9})$/;

const invalid = (): never => {
  throw new AppError('INVALID_USER_INFO');
};

/** Length in characters (code points), not UTF-16 units. */
const charLength = (s: string): number => [...s].length;

export function checkPassword(password: string): void {
  const length = charLength(password);
  if (length < MEMBER_PASSWORD_MIN_CHARS || length > MEMBER_PASSWORD_MAX_CHARS) invalid();
}

/** The same rule where only the password is asked (change, reset): its own code, so the player can say why. */
export function checkNewPassword(password: string): void {
  const length = charLength(password);
  if (length < MEMBER_PASSWORD_MIN_CHARS || length > MEMBER_PASSWORD_MAX_CHARS) throw new AppError('PASSWORD_LENGTH');
}

/** The profile name: required, letters and digits of any script, single spaces. */
export function cleanName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || charLength(name) > 100 || !DISPLAY_NAME.test(name)) invalid();
  return name;
}

/** The bank account holder: first and last name joined by a space, upper-cased (docs/spec.md §5). */
export function cleanAccountName(raw: string, requiresEnglish: boolean): string {
  const name = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  if (requiresEnglish && !ENGLISH_NAME_PATTERN.test(name)) throw new AppError('BANK_ACCOUNT_NAME_ENG');
  if (name.length === 0 || charLength(name) > 100 || !PERSON_NAME.test(name)) invalid();
  return name;
}

/** Digits only within the bank's lengths; Lao banks also allow letters (docs/payments.md §5.2). */
export function cleanAccountNo(
  raw: string,
  bank: { country: string; accountDigitsMin: number; accountDigitsMax: number },
): string {
  const number = raw.replace(/[\s-]/g, '').toUpperCase();
  const pattern = bank.country === 'LA' ? /^[0-9A-Z]+$/ : /^\d+$/;
  if (!pattern.test(number) || number.length < bank.accountDigitsMin || number.length > bank.accountDigitsMax)
    invalid();
  return number;
}

/** `PR{member id}` → the member id; empty → null; anything else is INVALID_USER_INFO. */
export function parseInviteCode(raw: string | undefined): number | null {
  const code = (raw ?? '').trim().toUpperCase();
  if (code === '') return null;
  const match = INVITE_CODE.exec(code);
  if (!match?.[1]) return invalid();
  return Number(match[1]);
}

/**
 * The wallet currency: THB in Thailand, whatever the client sends (the original client sends the field in every
 * variant); LAK (default) or BAHT → THB in the Lao variant, where anything else is KEY_INVALID.
 */
export function walletCurrency(variant: Variant, requested: string | undefined): 'THB' | 'LAK' {
  if (variant === 'th') return 'THB';
  if (requested !== undefined && !(LAO_CURRENCIES as readonly string[]).includes(requested)) {
    throw new AppError('KEY_INVALID');
  }
  return (requested as LaoCurrency | undefined) === 'BAHT' ? 'THB' : 'LAK';
}
