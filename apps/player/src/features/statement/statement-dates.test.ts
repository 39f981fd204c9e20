import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { monthLabel, receiptDate } from './statement-dates.ts';

afterEach(async () => {
  await i18next.changeLanguage('th');
});

describe('statement dates in the reader’s language (not the browser’s locale data)', () => {
  it.each([
    ['la', '21 ພະຈິກ 2026 13:30:15', 'ພະຈິກ 2026'],
    ['th', '21 พฤศจิกายน 2569 13:30:15', 'พฤศจิกายน 2569'],
    ['en', '21 November 2026 13:30:15', 'November 2026'],
  ])('%s', async (language, date, month) => {
    await i18next.changeLanguage(language);
    await i18next.loadNamespaces('statement');
    expect(receiptDate('2026-11-21T06:30:15.000Z', i18next.t, language)).toBe(date);
    expect(monthLabel('2026-11', i18next.t, language)).toBe(month);
  });
});
