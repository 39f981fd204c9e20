import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
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
  await i18next.loadNamespaces('errors');
});
afterEach(async () => {
  vi.restoreAllMocks();
  storage.clearSession();
  await i18next.changeLanguage('th');
});

describe('QR for paying from the same phone', () => {
  it('offers "save QR as image", the same-phone steps, and copy as a real 44 px button', async () => {
    mockApi({ 'GET /api/qrcode/KBANK': () => ({ body: OPEN_QR }) });
    renderWithProviders(<QrPanel unit="THB" minDeposit={1} onDone={() => undefined} />);
    expect(await screen.findByTestId('qr-save')).toHaveTextContent('Save QR as image');
    const copy = screen.getByTestId('qr-copy');
    expect(copy.tagName).toBe('BUTTON');
    expect(copy).toHaveClass('min-h-11');
    const steps = within(screen.getByTestId('qr-same-phone'));
    expect(steps.getByText('Paying from this phone?')).toBeInTheDocument();
    expect(steps.getAllByRole('listitem')).toHaveLength(4);
  });

  it('a third decimal is kept and refused with the server’s AMOUNT_DECIMALS text, not cut to two', async () => {
    mockApi({ 'GET /api/qrcode/KBANK': () => ({ body: NO_QR }) });
    renderWithProviders(<QrPanel unit="THB" minDeposit={1} onDone={() => undefined} />);
    const input =
      within(await screen.findByTestId('qr-amount')).queryByRole('textbox') ?? screen.getByTestId('qr-amount');
    await userEvent.type(input, '100.005');
    expect(input).toHaveValue('100.005');
    expect(screen.getByTestId('qr-create')).toBeDisabled();
    expect(screen.getByText(i18next.t('errors:AMOUNT_DECIMALS'))).toBeInTheDocument();
  });
});
