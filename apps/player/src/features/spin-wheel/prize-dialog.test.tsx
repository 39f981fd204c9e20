import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/mock-api.tsx';
import { PrizeDialog } from './prize-dialog.tsx';
import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';

beforeEach(() => {
  for (const [lang, strings] of Object.entries({ en, th, la }))
    i18next.addResourceBundle(lang, 'spin', strings, true, true);
});
afterEach(async () => {
  await i18next.changeLanguage('th');
});

const show = (kind: 'credit' | 'bonus', description: string) =>
  renderWithProviders(
    <PrizeDialog open onOpenChange={() => {}} label="10 THB" htmlDescription={description} isWin kind={kind} />,
  );

describe('prize sheet: every prize is a coupon to claim, worded per kind', () => {
  it.each([
    ['en', 'Claim it before it expires and the money goes to your wallet'],
    ['th', 'กดรับก่อนหมดอายุ แล้วเงินจะเข้ากระเป๋าของคุณ'],
    ['la', 'ກົດຮັບກ່ອນໝົດອາຍຸ ແລ້ວເງິນຈະເຂົ້າກະເປົາຂອງທ່ານ'],
  ])('a cash coupon says to claim it, never "straight to your wallet" (%s)', async (lang, words) => {
    await i18next.changeLanguage(lang);
    show('credit', '10 THB straight to your wallet');
    expect(await screen.findByTestId('prize-note')).toHaveTextContent(words);
    expect(screen.getByTestId('prize-dialog')).not.toHaveTextContent('straight to your wallet');
  });

  it('a bonus coupon keeps its condition text and says the bonus needs turnover', async () => {
    await i18next.changeLanguage('en');
    show('bonus', '50 THB bonus, 3× turnover');
    expect(await screen.findByTestId('prize-note')).toHaveTextContent('turnover condition');
    expect(screen.getByTestId('prize-dialog')).toHaveTextContent('3× turnover');
  });
});
