import { TIME_ZONE } from '@wallet/contract/limits';

/** A calendar day `YYYY-MM-DD` in Bangkok (UTC+7 all year: Thailand keeps no daylight saving). */
export type Day = string;
const BANGKOK_OFFSET = '+07:00';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Bangkok calendar day of an instant. */
export const bangkokDay = (at: Date = new Date()): Day => dayFormat.format(at);

export const isDay = (value: string | null | undefined): value is Day =>
  !!value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** `day` moved by `days` calendar days. */
export function addDays(day: Day, days: number): Day {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The instant a Bangkok day starts, ISO 8601 with its offset (what the admin list queries take). */
export const startOfBangkokDay = (day: Day): string => `${day}T00:00:00${BANGKOK_OFFSET}`;

/** Bangkok days (both inclusive) → the instant range the server filters on: `from` inclusive, `to` exclusive. */
export function instantRange(range: { from?: Day | undefined; to?: Day | undefined }): { from?: string; to?: string } {
  return {
    ...(isDay(range.from) ? { from: startOfBangkokDay(range.from) } : {}),
    ...(isDay(range.to) ? { to: startOfBangkokDay(addDays(range.to, 1)) } : {}),
  };
}
