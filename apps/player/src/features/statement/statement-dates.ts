import type { TFunction } from 'i18next';

/**
 * Dates in the reader's language from the catalogue's month names (statement.json `months`), not from the browser's
 * locale data: a phone's browser may have no Lao locale and would print Thai. Thai time (UTC+7) as the rest of the
 * app; a Thai reader sees the Buddhist year, as Thai banks print it.
 */
const parts = (date: Date) => {
  const bangkok = new Date(date.getTime() + 7 * 3_600_000);
  return {
    day: bangkok.getUTCDate(),
    month: bangkok.getUTCMonth(),
    year: bangkok.getUTCFullYear(),
    time: [bangkok.getUTCHours(), bangkok.getUTCMinutes(), bangkok.getUTCSeconds()]
      .map((n) => String(n).padStart(2, '0'))
      .join(':'),
  };
};

const monthName = (t: TFunction, month: number) => {
  const names = t('statement:months', { returnObjects: true }) as unknown;
  return Array.isArray(names) && typeof names[month] === 'string' ? names[month] : String(month + 1);
};
const yearOf = (year: number, language: string) => (language === 'th' ? year + 543 : year);

/** "21 November 2026 13:30:15" (th: "21 พฤศจิกายน 2569 13:30:15"). */
export function receiptDate(iso: string, t: TFunction, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date);
  return `${p.day} ${monthName(t, p.month)} ${yearOf(p.year, language)} ${p.time}`;
}

/** `YYYY-MM` as "November 2026" in the reader's language. */
export function monthLabel(month: string, t: TFunction, language: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return `${monthName(t, mon - 1)} ${yearOf(year, language)}`;
}
