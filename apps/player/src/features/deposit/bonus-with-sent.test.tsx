import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { DepositBonusOption } from '@wallet/contract/bets';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { storage } from '../../lib/storage.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';
import { SlipUpload } from './slip-upload.tsx';
import { TrueWalletPanel } from './truewallet-panel.tsx';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../api/slip-upload.ts', () => ({ uploadSlip: upload }));

const LINK = 'https://gift.truemoney.com/campaign/?v=jmAXkKvy6ek7aK4gcb';
const WELCOME: DepositBonusOption = {
  code: 'WELCOME10',
  name: 'Welcome 10%',
  bonus: 30,
  successRule: 'turnover',
  target: 990,
  minDeposit: 100,
  maxBalanceAtClaim: null,
  reason: null,
};

beforeEach(() => {
  storage.setToken('session-token', false);
  for (const [lang, strings] of Object.entries({ en, th, la }))
    i18next.addResourceBundle(lang, 'deposit', strings, true, true);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:slip');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  upload.mockReset();
  storage.clearSession();
  await i18next.changeLanguage('th');
});

describe('a bonus chosen with a slip or a gift (docs/decisions/0050-bonus-with-slip-and-voucher.md)', () => {
  it('True Wallet: the amount sent shows the bonuses; the chosen one goes with the link and the answer is told', async () => {
    await i18next.changeLanguage('en');
    const calls = mockApi({
      'GET /api/bonus/deposit': () => ({ body: [WELCOME] }),
      'POST /api/wallet/truelink': () => ({
        body: {
          message: 'SUCCESS',
          amount: 300,
          bonus: { name: 'Welcome 10%', status: 'claimed', reason: null, amount: 30 },
        },
      }),
    });
    renderWithProviders(<TrueWalletPanel walletAccountName="0891234567" unit="THB" />);
    expect(await screen.findByText('Enter an amount to see the bonuses you can get.')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('bonus-sent-amount'), '300');
    await userEvent.click(await screen.findByTestId('bonus-choice-WELCOME10'));
    await userEvent.type(screen.getByTestId('truelink-input'), LINK);
    await userEvent.click(screen.getByTestId('truelink-send'));
    expect(await screen.findByTestId('bonus-told')).toHaveTextContent('Bonus Welcome 10% added: +30.00 THB');
    const sent = calls.find((c) => c.method === 'POST')?.body as { link: string; bonusCode?: string };
    expect(sent.bonusCode).toBe('WELCOME10');
    expect(sent.link).toMatch(/::0891234567$/);
  });

  it.each([
    ['en', 'Deposit received without the bonus Welcome 10%: another bonus is running.'],
    ['th', 'ยอดฝากเข้าแล้ว แต่ไม่ได้รับโบนัส Welcome 10%: มีโบนัสอื่นทำงานอยู่'],
    ['la', 'ຍອດຝາກເຂົ້າແລ້ວ ແຕ່ບໍ່ໄດ້ຮັບໂບນັດ Welcome 10%: ມີໂບນັດອື່ນເຮັດວຽກຢູ່'],
  ])('slip (%s): the chosen bonus goes with the upload; a skipped bonus says why', async (lang, words) => {
    await i18next.changeLanguage(lang);
    mockApi({ 'GET /api/bonus/deposit': () => ({ body: [WELCOME] }) });
    upload.mockResolvedValue({
      message: 'SUCCESS',
      status: 'SUCCESS',
      amount: 300,
      reference: 'SABCDEFGH2345678',
      bonus: { name: 'Welcome 10%', status: 'skipped', reason: 'BONUS_ALREADY_ACTIVE', amount: 0 },
    });
    renderWithProviders(<SlipUpload unit="THB" isClosed={false} />);
    await userEvent.type(await screen.findByTestId('bonus-sent-amount'), '300');
    await userEvent.click(await screen.findByTestId('bonus-choice-WELCOME10'));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('slip-file'), file);
    await userEvent.click(screen.getByTestId('slip-upload'));
    const told = await screen.findByTestId('bonus-told');
    expect(told).toHaveTextContent(words);
    expect(upload).toHaveBeenCalledWith(file, expect.objectContaining({ bonusCode: 'WELCOME10' }));
    // the picker is gone once the slip is decided
    expect(screen.queryByTestId('bonus-choice-sent')).toBeNull();
  });
});
