import { AppError } from '../errors.ts';

export type Variant = 'th' | 'la';

/** Thai mobile numbers as dialled at home: exactly 10 digits, 06/08/09 (docs/payments.md §6). */
const THAI_MOBILE = /^0[689]\d{8}$/;
/** Lao mobiles, lenient: 020 + 8 digits or 030 + 7-8 digits, with or without +856 / 0 (docs/payments.md §6). */
const LAO_MOBILE = /^(?:\+?856|0)?((?:20\d{8}|30\d{7,8}))$/;

/**
 * The canonical phone number (the member's username) or null when the format is wrong.
 * Thai numbers are taken as typed (docs/spec.md §5: exactly 10 characters). Lao numbers lose spaces and
 * dashes and are stored with the trunk 0: `02012345678`.
 */
export function normalizePhone(variant: Variant, raw: string): string | null {
  const trimmed = raw.trim();
  if (variant === 'th') return THAI_MOBILE.test(trimmed) ? trimmed : null;
  const match = LAO_MOBILE.exec(trimmed.replace(/[\s-]/g, ''));
  return match?.[1] ? `0${match[1]}` : null;
}

/** As normalizePhone, or the variant's error: PHONE_NUMBER_REQUIRE_10_DIGIT (th) / INVALID_USER_INFO (la). */
export function requirePhone(variant: Variant, raw: string): string {
  const phone = normalizePhone(variant, raw);
  if (phone === null) throw new AppError(variant === 'th' ? 'PHONE_NUMBER_REQUIRE_10_DIGIT' : 'INVALID_USER_INFO');
  return phone;
}
