import { QR_MIN_AMOUNT, type Currency, type QrProvider } from '@wallet/contract/limits';

/**
 * Digits and one decimal point (amounts below 1 are ignored, docs/spec.md §5). Decimals are not cut: a third one is
 * kept as typed and refused (hasTooManyDecimals, the server's AMOUNT_DECIMALS text), never silently dropped.
 */
export function sanitizeAmount(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole.slice(0, 9) : `${whole.slice(0, 9)}.${rest.join('').slice(0, 4)}`;
}

/** More than two decimals: the server answers AMOUNT_DECIMALS, so the form refuses it first. */
export const hasTooManyDecimals = (text: string): boolean => /\.\d{3,}$/.test(text);

/**
 * The smallest amount a provider's QR accepts: its minimum (docs/spec.md §5, in baht: a kip wallet has only its own
 * minimum from the settings), never below 1.
 */
export function qrMinimum(provider: QrProvider, minDeposit = 1, currency: Currency = 'THB'): number {
  return Math.max(1, currency === 'LAK' ? 0 : QR_MIN_AMOUNT[provider], minDeposit);
}

/** Above the wallet currency's largest QR deposit (settings; the server answers DEPOSIT_MAXIMUM). */
export const isAboveQrMaximum = (text: string, maxQrDeposit?: number): boolean =>
  maxQrDeposit !== undefined && Number(text) > maxQrDeposit;

/** The amount to send, or null while it is not creatable. */
export function creatableAmount(
  text: string,
  provider: QrProvider,
  minDeposit?: number,
  currency: Currency = 'THB',
  maxQrDeposit?: number,
): number | null {
  const value = Number(text);
  if (!text || hasTooManyDecimals(text) || !Number.isFinite(value) || value < 1) return null;
  if (isAboveQrMaximum(text, maxQrDeposit)) return null;
  return value >= qrMinimum(provider, minDeposit, currency) ? value : null;
}
