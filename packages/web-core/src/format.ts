import { SECONDS_PER_MONTH, SECONDS_PER_YEAR, TIME_ZONE } from '@wallet/contract/limits';
import { intlLocale } from './i18n.ts';

/** docs/spec.md §9: numbers always show 2 decimals with thousands separators (LAK too: Intl would round it to 0). */
const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  if (!Number.isFinite(value)) return moneyFormat.format(0);
  // -0.001 must not print as "-0.00"
  const rounded = Math.round(value * 100) / 100;
  return moneyFormat.format(Object.is(rounded, -0) ? 0 : rounded);
}

/** Units with no minor part: a ledger amount in them is a count (13 spin coins are 13, never 0.13). */
const WHOLE_UNITS = new Set(['COIN']);
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A ledger amount in minor units (the API's strings) for its unit: money with 2 decimals (minor ÷ 100), a count
 * unit such as COIN as the whole number it is.
 */
export function formatMinor(minor: string | number | bigint | null | undefined, unit: string): string {
  const value = Number(minor ?? 0);
  if (!Number.isFinite(value)) return formatMoney(0);
  if (WHOLE_UNITS.has(unit)) return countFormat.format(value);
  return formatMoney(value / 100);
}

export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';

// Intl with the Gregorian calendar pinned (th-TH would print the Buddhist year), in Asia/Bangkok; made on first use
// (loading the time zone's data costs the app's start-up a long task on a slow phone, and most screens print no date)
let dateTimeParts: Intl.DateTimeFormat | undefined;
const dateTimeFormat = () =>
  (dateTimeParts ??= new Intl.DateTimeFormat('en-GB-u-ca-gregory', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

/** DD/MM/YYYY HH:mm:ss in Asia/Bangkok, Gregorian year (never the Buddhist year Intl th-TH uses). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(
    dateTimeFormat()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', SECONDS_PER_YEAR],
  ['month', SECONDS_PER_MONTH],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** Lao words for when the browser's Intl has no Lao data (Chromium builds without it fall back to another language). */
const LAO_UNITS: Partial<Record<Intl.RelativeTimeFormatUnit, string>> = {
  year: 'ປີ',
  month: 'ເດືອນ',
  day: 'ມື້',
  hour: 'ຊົ່ວໂມງ',
  minute: 'ນາທີ',
  second: 'ວິນາທີ',
};
const laoRelative = (count: number, unit: Intl.RelativeTimeFormatUnit): string =>
  count === 0 ? 'ດຽວນີ້' : count < 0 ? `${-count} ${LAO_UNITS[unit] ?? ''}ກ່ອນ` : `ໃນອີກ ${count} ${LAO_UNITS[unit] ?? ''}`;

/**
 * "3 minutes ago" / "in 2 days" with the docs/spec.md §9 units (a year is 31,536,000 s, a month 2,592,000 s).
 * `language` is the app code (th, la, en); `la` is formatted as ISO `lo`, in Lao words when Intl lacks Lao.
 */
export function formatRelativeTime(value: string | number | Date, language: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(value).getTime() - now.getTime()) / 1000);
  const locale = intlLocale(language);
  const hasLocale = Intl.RelativeTimeFormat.supportedLocalesOf(locale).length > 0;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const say = (count: number, unit: Intl.RelativeTimeFormatUnit) =>
    language === 'la' && !hasLocale ? laoRelative(count, unit) : format.format(count, unit);
  const abs = Math.abs(seconds);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (abs >= size || unit === 'second') return say(Math.trunc(seconds / size), unit);
  }
  return say(0, 'second');
}
