import { SECONDS_PER_MONTH, SECONDS_PER_YEAR, TIME_ZONE } from '@wallet/contract/limits';
import { intlLocale } from './i18n.ts';

/** SPEC.md §9: numbers always show 2 decimals with thousands separators (LAK too: Intl would round it to 0). */
const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  if (!Number.isFinite(value)) return moneyFormat.format(0);
  // -0.001 must not print as "-0.00"
  const rounded = Math.round(value * 100) / 100;
  return moneyFormat.format(Object.is(rounded, -0) ? 0 : rounded);
}

export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';

// Intl with the Gregorian calendar pinned (th-TH would print the Buddhist year), in Asia/Bangkok.
const dateTimeParts = new Intl.DateTimeFormat('en-GB-u-ca-gregory', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** DD/MM/YYYY HH:mm:ss in Asia/Bangkok, Gregorian year (never the Buddhist year Intl th-TH uses). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

/** SPEC.md §9: a bank account of exactly 10 digits shows as 3-3-4; anything else is shown as stored. */
export function formatAccountNumber(accountNo: string | null | undefined): string {
  const raw = (accountNo ?? '').trim();
  if (!/^\d{10}$/.test(raw)) return raw;
  return `${raw.slice(0, 3)}-${raw.slice(3, 6)}-${raw.slice(6)}`;
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', SECONDS_PER_YEAR],
  ['month', SECONDS_PER_MONTH],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "3 minutes ago" / "in 2 days" with the SPEC.md §9 units (a year is 31,536,000 s, a month 2,592,000 s).
 * `language` is the app code (th, la, en); `la` is formatted as ISO `lo`.
 */
export function formatRelativeTime(value: string | number | Date, language: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (abs >= size || unit === 'second') return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
