import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatMoney, formatRelativeTime } from './format.ts';
import { formatAccountNumber } from './format-account-number.ts';

describe('formatAccountNumber', () => {
  it('shows 10 digits as 3-3-4', () => {
    expect(formatAccountNumber('1234567890')).toBe('123-456-7890');
  });
  it('leaves anything else as stored', () => {
    expect(formatAccountNumber('123456789')).toBe('123456789');
    expect(formatAccountNumber('123456789012')).toBe('123456789012');
    expect(formatAccountNumber('12345abcde')).toBe('12345abcde');
    expect(formatAccountNumber(null)).toBe('');
  });
  it('keeps every digit in order (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (digits) => {
        const out = formatAccountNumber(digits);
        expect(out).toMatch(/^\d{3}-\d{3}-\d{4}$/);
        expect(out.replaceAll('-', '')).toBe(digits);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('always shows 2 decimals with thousands separators', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('5.00');
    expect(formatMoney(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney('2500.125')).toBe('2,500.13');
    expect(formatMoney(-42.1)).toBe('-42.10');
  });
  it('never prints NaN or -0.00', () => {
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney('abc')).toBe('0.00');
    expect(formatMoney(-0.001)).toBe('0.00');
  });
});

describe('formatDateTime', () => {
  it('formats DD/MM/YYYY HH:mm:ss in Asia/Bangkok with the Gregorian year', () => {
    expect(formatDateTime('2026-11-21T12:58:45Z')).toBe('21/11/2026 19:58:45');
    expect(formatDateTime('2026-12-31T17:00:00.000Z')).toBe('01/01/2027 00:00:00');
  });
  it('gives an empty string for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it('uses the SPEC units (a month is 2,592,000 s, a year 31,536,000 s)', () => {
    expect(formatRelativeTime(ago(45), 'en', now)).toBe('45 seconds ago');
    expect(formatRelativeTime(ago(120), 'en', now)).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(2 * 86_400), 'en', now)).toBe('2 days ago');
    expect(formatRelativeTime(ago(2_592_000), 'en', now)).toBe('last month');
    expect(formatRelativeTime(ago(29 * 86_400), 'en', now)).toBe('29 days ago');
    expect(formatRelativeTime(ago(31_536_000 * 2), 'en', now)).toBe('2 years ago');
  });
  it('speaks Thai, and Lao through the ISO code lo', () => {
    expect(formatRelativeTime(ago(86_400 * 3), 'th', now)).toBe('3 วันที่ผ่านมา');
    expect(formatRelativeTime(ago(86_400 * 3), 'la', now)).toMatch(/[\u0E80-\u0EFF]/);
  });
  it('speaks Lao words when the browser has no Lao data (Chromium fell back to Thai)', () => {
    const spy = vi.spyOn(Intl.RelativeTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    try {
      expect(formatRelativeTime(ago(0), 'la', now)).toBe('ດຽວນີ້');
      expect(formatRelativeTime(ago(120), 'la', now)).toBe('2 ນາທີກ່ອນ');
      expect(formatRelativeTime(ago(3 * 86_400), 'la', now)).toBe('3 ມື້ກ່ອນ');
    } finally {
      spy.mockRestore();
    }
  });
});
