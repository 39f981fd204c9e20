import { describe, expect, it } from 'vitest';
import { formatMmSs } from './countdown.ts';
import { creatableAmount, hasTooManyDecimals, isAboveQrMaximum, sanitizeAmount } from './qr-amount.ts';

describe('QR amount rules (docs/spec.md §5)', () => {
  it('keeps digits and a third decimal as typed, which is refused instead of cut', () => {
    expect(sanitizeAmount('1a2.345')).toBe('12.345');
    expect(hasTooManyDecimals('12.345')).toBe(true);
    expect(hasTooManyDecimals('12.34')).toBe(false);
    expect(creatableAmount('100.005', 'KBANK')).toBeNull();
    expect(creatableAmount('100.05', 'KBANK')).toBe(100.05);
  });
  it('ignores amounts below 1 and below the provider minimum', () => {
    expect(creatableAmount('0.5', 'KBANK')).toBeNull();
    expect(creatableAmount('10', 'KBANK')).toBe(10);
    expect(creatableAmount('99', 'WW')).toBeNull();
    expect(creatableAmount('100', 'WW')).toBe(100);
    expect(creatableAmount('9', 'ZPAY')).toBeNull();
  });
  it("refuses an amount above the currency's largest QR deposit (the server answers DEPOSIT_MAXIMUM)", () => {
    expect(creatableAmount('200000', 'KBANK', 1, 'THB', 200_000)).toBe(200_000);
    expect(creatableAmount('200000.01', 'KBANK', 1, 'THB', 200_000)).toBeNull();
    expect(isAboveQrMaximum('999999999', 200_000)).toBe(true);
    // an older server sends no maximum: the server's own check stands
    expect(isAboveQrMaximum('999999999', undefined)).toBe(false);
  });
  it('counts down in mm:ss', () => expect(formatMmSs(125)).toBe('02:05'));
});
