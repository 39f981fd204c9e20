import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { ensurePromotionStrings } from '../../components/promotion-strings.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';

/** Too many code look-ups (the server's per-member and per-address limit): the form says so, in th / la / en. */
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('PromoCodeForm under the look-up limit', () => {
  it.each([
    ['th', 'ทำรายการบ่อยเกินไป กรุณารอสักครู่'],
    ['la', 'ເຮັດລາຍການຖີ່ເກີນໄປ ກະລຸນາລໍຖ້າຈັກໜ່ອຍ'],
    ['en', 'Too many requests. Please wait a moment.'],
  ])('%s: a 429 REQUEST_LIMIT is shown where the code was looked up', async (language, text) => {
    await i18next.changeLanguage(language);
    await ensurePromotionStrings(language as 'th' | 'la' | 'en');
    mockApi({ 'GET /api/promotion/find/GUESS1': () => ({ status: 429, body: { message: 'REQUEST_LIMIT' } }) });
    renderWithProviders(<PromoCodeForm />);
    await userEvent.type(await screen.findByTestId('promo-code'), 'guess1');
    await userEvent.click(screen.getByTestId('promo-find'));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByTestId('promo-not-found')).not.toBeInTheDocument();
  });
});
