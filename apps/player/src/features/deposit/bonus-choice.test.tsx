import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { DepositBonusOption } from '@wallet/contract/bets';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { memberEvents } from '../../lib/member-events.ts';
import { storage } from '../../lib/storage.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import en from './locales/en.json';
import { QrPanel } from './qr-panel.tsx';

const NO_QR = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: null, message: 'NO_QRCODE' };
const OPEN_QR = {
  qrcodeId: 'QABCDEFGH2345678',
  hasQrcode: true,
  qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  amount: 500,
  expireIn: new Date(Date.now() + 5 * 60_000).toISOString(),
  message: 'SUCCESS',
  payload: '00020101021230700016A0000006770101120115010555512345601',
};
const option = (patch: Partial<DepositBonusOption> & { code: string }): DepositBonusOption => ({
  name: 'Welcome 10%',
  bonus: 50,
  successRule: 'turnover',
  target: 1650,
  minDeposit: 100,
  maxBalanceAtClaim: null,
  reason: null,
  ...patch,
});

beforeEach(async () => {
  storage.setToken('session-token', false);
  i18next.addResourceBundle('en', 'deposit', en, true, true);
  await i18next.changeLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  storage.clearSession();
  await i18next.changeLanguage('th');
});

describe('bonus at deposit (docs/decisions/0042-bets-and-bonus-at-deposit.md)', () => {
  it('offers the bonuses for the amount, sends the chosen one with the QR and tells what became of it', async () => {
    let qr: typeof NO_QR | typeof OPEN_QR = NO_QR;
    const calls = mockApi({
      'GET /api/qrcode/KBANK': () => ({ body: qr }),
      'GET /api/bonus/deposit': () => ({
        body: [
          option({ code: 'WELCOME10' }),
          option({ code: 'WEEKLY', name: 'Weekly', successRule: 'credit', reason: 'BONUS_MAX_CLAIMED' }),
        ],
      }),
      'POST /api/qrcode/KBANK': () => {
        qr = OPEN_QR;
        return { body: OPEN_QR };
      },
      'GET /api/bonus/deposit/D1': () => ({
        body: { outcome: { name: 'Welcome 10%', status: 'skipped', reason: 'BONUS_ALREADY_ACTIVE', amount: 0 } },
      }),
    });
    renderWithProviders(<QrPanel unit="THB" minDeposit={100} onDone={() => undefined} />);
    expect(await screen.findByText('Enter an amount to see the bonuses you can get.')).toBeInTheDocument();
    await userEvent.type(await screen.findByTestId('qr-amount'), '500');
    const welcome = await screen.findByTestId('bonus-choice-WELCOME10');
    expect(welcome).toHaveTextContent('+50.00 THB');
    expect(welcome).toHaveTextContent('Play 1,650.00 THB in bets before withdrawing');
    expect(screen.getByTestId('bonus-choice-WEEKLY')).toBeDisabled();
    expect(screen.getByTestId('bonus-choice-WEEKLY')).toHaveTextContent('Already received');
    expect(screen.getByTestId('bonus-choice-none')).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(welcome);
    expect(welcome).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByTestId('qr-create'));
    expect(await screen.findByTestId('qr-view')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 500, bonusCode: 'WELCOME10' });

    // the money came, the bonus did not apply any more: the member is told why
    qr = NO_QR;
    await vi.waitFor(async () => {
      await act(async () => {
        memberEvents.publishDeposit({ depositId: 'D1', channel: 'deposit', amount: 500, currency: 'THB' });
        await Promise.resolve();
      });
      expect(calls.some((c) => c.path === '/api/bonus/deposit/D1')).toBe(true);
    });
    expect(
      await screen.findByText('Deposit received without the bonus Welcome 10%: another bonus is running.'),
    ).toBeInTheDocument();
  });

  it('sends no bonus when "No bonus" stays chosen, and hides the picker when none is offered', async () => {
    const calls = mockApi({
      'GET /api/qrcode/KBANK': () => ({ body: NO_QR }),
      'GET /api/bonus/deposit': () => ({ body: [] }),
      'POST /api/qrcode/KBANK': () => ({ body: OPEN_QR }),
    });
    renderWithProviders(<QrPanel unit="THB" minDeposit={100} onDone={() => undefined} />);
    await userEvent.type(await screen.findByTestId('qr-amount'), '300');
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/bonus/deposit')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('bonus-choice')).toBeNull());
    await userEvent.click(screen.getByTestId('qr-create'));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 300 }));
  });
});
