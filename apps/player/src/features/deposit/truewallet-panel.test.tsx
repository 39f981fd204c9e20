import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';
import { TrueWalletPanel } from './truewallet-panel.tsx';

const LINK = 'https://gift.truemoney.com/campaign/?v=jmAXkKvy6ek7aK4gcb';
const readText = vi.fn<() => Promise<string>>();

beforeEach(() => {
  for (const [lang, strings] of Object.entries({ en, th, la }))
    i18next.addResourceBundle(lang, 'deposit', strings, true, true);
  Object.defineProperty(navigator, 'clipboard', { value: { readText }, configurable: true });
});
afterEach(async () => {
  vi.restoreAllMocks();
  readText.mockReset();
  await i18next.changeLanguage('th');
});

describe('True Wallet panel', () => {
  it('the paste button takes the link out of a shared message', async () => {
    await i18next.changeLanguage('en');
    readText.mockResolvedValue(`I sent you a gift 🎁 open ${LINK} within 24 hours`);
    renderWithProviders(<TrueWalletPanel walletAccountName="0891234567" unit="THB" />);
    await userEvent.click(screen.getByTestId('truelink-paste'));
    await vi.waitFor(() => expect(screen.getByTestId('truelink-input')).toHaveValue(LINK));
  });

  it('a refused clipboard says to paste by hand, and typing still works', async () => {
    await i18next.changeLanguage('en');
    readText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderWithProviders(<TrueWalletPanel walletAccountName="0891234567" unit="THB" />);
    await userEvent.click(screen.getByTestId('truelink-paste'));
    expect(await screen.findByTestId('truelink-paste-refused')).toHaveTextContent('Long-press the link field');
    await userEvent.type(screen.getByTestId('truelink-input'), 'abc');
    expect(screen.getByTestId('truelink-input')).toHaveValue('abc');
  });

  it.each([
    ['en', 'This gift is below the 2 baht minimum.'],
    ['th', 'ซองของขวัญต่ำกว่าขั้นต่ำ 2 บาท'],
    ['la', 'ຊອງຂອງຂວັນຕ່ຳກວ່າຂັ້ນຕ່ຳ 2 ບາດ'],
  ])('a refused gift says why (%s), not "invalid link"', async (lang, words) => {
    await i18next.changeLanguage(lang);
    mockApi({
      'POST /api/wallet/truelink': () => ({
        status: 400,
        body: { message: 'TRUELINK_INVALID', reason: 'BELOW_MINIMUM', values: { min: '2' } },
      }),
    });
    renderWithProviders(<TrueWalletPanel walletAccountName="0891234567" unit="THB" />);
    await userEvent.type(screen.getByTestId('truelink-input'), LINK);
    await userEvent.click(screen.getByTestId('truelink-send'));
    expect(await screen.findByRole('alertdialog', {}, { timeout: 10_000 })).toHaveTextContent(words);
  });
});
