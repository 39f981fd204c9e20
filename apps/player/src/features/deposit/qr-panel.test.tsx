import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { memberEvents } from '../../lib/member-events.ts';
import { storage } from '../../lib/storage.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import en from './locales/en.json';
import { QrPanel } from './qr-panel.tsx';

const OPEN_QR = {
  qrcodeId: 'QABCDEFGH2345678',
  hasQrcode: true,
  qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  amount: 100,
  expireIn: new Date(Date.now() + 5 * 60_000).toISOString(),
  message: 'SUCCESS',
  payload: '00020101021230700016A0000006770101120115010555512345601',
};
const NO_QR = { qrcodeId: null, hasQrcode: false, qrcode: null, amount: null, expireIn: null, message: 'NO_QRCODE' };

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

describe('QR panel (docs/decisions/0025-slip-sender-and-provider-amounts.md)', () => {
  it('drops the QR on deposit.credited and shows what the server has open', async () => {
    let isPaid = false;
    const calls = mockApi({ 'GET /api/qrcode/KBANK': () => ({ body: isPaid ? NO_QR : OPEN_QR }) });
    renderWithProviders(<QrPanel unit="THB" minDeposit={1} onDone={() => undefined} />);
    expect(await screen.findByTestId('qr-view')).toBeInTheDocument();
    expect(screen.getByTestId('qr-countdown')).toBeInTheDocument();
    const reads = calls.length;

    // the payer's bank paid it: the server credits and pushes deposit.credited (the QR is spent from now on)
    isPaid = true;
    await act(async () => {
      memberEvents.publishDeposit({ depositId: 'D1', channel: 'deposit', amount: 100, currency: 'THB' });
      await Promise.resolve();
    });
    // the query client tells its observers on its own schedule: wait for the state, not for a tick
    await waitFor(() => expect(screen.queryByTestId('qr-view')).toBeNull());
    expect(await screen.findByTestId('qr-amount')).toBeInTheDocument();
    expect(screen.queryByTestId('qr-countdown')).toBeNull();
    expect(calls.length).toBe(reads + 1);
  });

  it('keeps the amount being typed when another deposit is credited meanwhile', async () => {
    // the second answer waits until the test lets it go: a slow network, where a reset would show the spinner
    let answerLater = (): void => undefined;
    const later = new Promise<void>((resolve) => (answerLater = resolve));
    let reads = 0;
    mockApi({
      'GET /api/qrcode/KBANK': async () => {
        if (++reads > 1) await later;
        return { body: NO_QR };
      },
    });
    renderWithProviders(<QrPanel unit="THB" minDeposit={1} onDone={() => undefined} />);
    const amount = await screen.findByTestId('qr-amount');
    await userEvent.type(amount, '250');
    // a slip or voucher of the same member is credited while the form shows
    await act(async () => {
      memberEvents.publishDeposit({ depositId: 'D2', channel: 'slip', amount: 100, currency: 'THB' });
      await Promise.resolve();
    });
    // the server is asked again (still no QR open) while the form stays, with the member's amount
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByTestId('qr-amount')).toBe(amount);
    answerLater();
    await waitFor(() => expect(screen.getByTestId('qr-amount')).toHaveValue('250'));
    expect(screen.getByTestId('qr-amount')).toBe(amount);
  });

  it('never shows a remembered QR when the sheet opens again: it asks the server', async () => {
    let isPaid = false;
    mockApi({ 'GET /api/qrcode/KBANK': () => ({ body: isPaid ? NO_QR : OPEN_QR }) });
    const first = renderWithProviders(<QrPanel unit="THB" minDeposit={1} onDone={() => undefined} />);
    expect(await screen.findByTestId('qr-view')).toBeInTheDocument();
    first.unmount();
    // the closed sheet keeps nothing: paid meanwhile (no push reached it), it is opened again with the same client
    await vi.waitFor(() =>
      expect(first.queryClient.getQueryCache().find({ queryKey: ['deposit', 'qr'], exact: false })).toBeUndefined(),
    );
    isPaid = true;
    render(
      <QueryClientProvider client={first.queryClient}>
        <QrPanel unit="THB" minDeposit={1} onDone={() => undefined} />
      </QueryClientProvider>,
    );
    // the query client tells its observers on its own schedule: wait for the state, not for a tick
    await waitFor(() => expect(screen.queryByTestId('qr-view')).toBeNull());
    expect(await screen.findByTestId('qr-amount')).toBeInTheDocument();
  });
});

describe('QR panel of a kip wallet (docs/money-rules.md, kipAmounts)', () => {
  it('shows the LAPNet rail, the kip quick amounts and the kip minimum from the settings, no Thai PSP names', async () => {
    mockApi({ 'GET /api/qrcode/KBANK': () => ({ body: NO_QR }) });
    renderWithProviders(
      <QrPanel
        unit="LAK"
        currency="LAK"
        minDeposit={20_000}
        quickAmounts={[50_000, 100_000, 1_000_000]}
        onDone={() => undefined}
      />,
    );
    expect(await screen.findByTestId('qr-quick-50000')).toHaveTextContent('50,000');
    expect(screen.getByTestId('qr-quick-1000000')).toBeInTheDocument();
    expect(screen.queryByTestId('qr-quick-10')).toBeNull();
    expect(screen.getByTestId('qr-provider-KBANK')).toHaveTextContent('LAPNet');
    for (const thai of ['WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'])
      expect(screen.queryByTestId(`qr-provider-${thai}`)).toBeNull();
    expect(screen.getByText(/Minimum 20,000\.00 LAK/)).toBeInTheDocument();
  });
});

describe('QR panel: the largest QR deposit', () => {
  it('shows the range, and an amount above the maximum says so and cannot be created', async () => {
    const calls = mockApi({ 'GET /api/qrcode/KBANK': () => ({ body: NO_QR }) });
    renderWithProviders(<QrPanel unit="THB" minDeposit={1} maxQrDeposit={200_000} onDone={() => undefined} />);
    const input = await screen.findByTestId('qr-amount');
    expect(screen.getByText(/Minimum 1\.00 THB, maximum 200,000\.00 THB/)).toBeInTheDocument();
    await userEvent.type(input, '999999999');
    expect(await screen.findByText('The amount is above the largest QR deposit.')).toBeInTheDocument();
    expect(screen.getByTestId('qr-create')).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '200000');
    expect(screen.queryByText('The amount is above the largest QR deposit.')).toBeNull();
    expect(screen.getByTestId('qr-create')).toBeEnabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
