import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { SlotAccount } from '@wallet/contract/wallet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { GameAccountDialog } from './game-account-dialog.tsx';

const slot = (patch: Partial<SlotAccount> = {}): SlotAccount => ({
  code: 'pg',
  name: 'PG Soft',
  category: 'slot',
  logo: '/games/pg-logo.svg',
  background: '/games/pg-bg.svg',
  isActive: true,
  amount: 20,
  ftWalletSlot: 1,
  web: null,
  android: null,
  ios: null,
  ...patch,
});
const credentials = { username: 'agt_demo01', password: 'Secret#123' };
const LINK = 'http://localhost/sandbox/games/play/abc';

/** A stand-in for the tab opened synchronously on click. */
function stubWindowOpen() {
  const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
  const spy = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, spy };
}

beforeEach(() => i18next.changeLanguage('en'));
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('GameAccountDialog', () => {
  it('opens an inactive account and shows its credentials', async () => {
    const calls = mockApi({ 'GET /api/wallet/activate/pg': () => ({ body: credentials }) });
    const onOpenChange = vi.fn();
    const onSuccess = vi.fn();
    renderWithProviders(
      <GameAccountDialog
        open
        onOpenChange={onOpenChange}
        onSuccess={onSuccess}
        slot={slot({ isActive: false, amount: 0 })}
        walletAmount={0}
        unit="THB"
      />,
    );
    expect(screen.queryByTestId('game-username')).toBeNull();
    await userEvent.click(screen.getByTestId('game-activate'));
    expect(await screen.findByTestId('game-username')).toHaveTextContent('agt_demo01');
    expect(screen.getByTestId('game-password')).toHaveTextContent('Secret#123');
    expect(calls.map((c) => c.path)).toEqual(['/api/wallet/activate/pg']);
    await userEvent.keyboard('{Escape}');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows an activation failure in an error dialog titled with the generic error message', async () => {
    mockApi({ 'GET /api/wallet/activate/pg': () => ({ status: 502, body: { message: 'SLOT_ACTIVATE_FAIL' } }) });
    renderWithProviders(
      <GameAccountDialog open onOpenChange={vi.fn()} slot={slot({ isActive: false })} walletAmount={0} unit="THB" />,
    );
    await userEvent.click(screen.getByTestId('game-activate'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Something went wrong');
  });

  it('plays without a transfer when the wallet is empty (balance ≤ 0)', async () => {
    const calls = mockApi({
      'GET /api/wallet/account/pg': () => ({ body: credentials }),
      'GET /api/autoLogin/pg/agt_demo01': () => ({ body: { link: LINK } }),
    });
    const { tab, spy } = stubWindowOpen();
    renderWithProviders(<GameAccountDialog open onOpenChange={vi.fn()} slot={slot()} walletAmount={0} unit="THB" />);
    await screen.findByTestId('game-username');
    await userEvent.click(screen.getByTestId('game-play'));
    await vi.waitFor(() => expect(tab.location.href).toBe(LINK));
    expect(spy).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/wallet/account/pg',
      'GET /api/autoLogin/pg/agt_demo01',
    ]);
  });

  it('moves the whole wallet into the game before playing when the balance is above 0', async () => {
    const calls = mockApi({
      'GET /api/wallet/account/pg': () => ({ body: credentials }),
      'POST /api/wallet/transfer': () => ({ body: { status: 'SUCCESS', message: 'SUCCESS', transferId: 't1' } }),
      'GET /api/autoLogin/pg/agt_demo01': () => ({ body: { link: LINK } }),
    });
    const { tab } = stubWindowOpen();
    const onOpenChange = vi.fn();
    const onSuccess = vi.fn();
    renderWithProviders(
      <GameAccountDialog
        open
        onOpenChange={onOpenChange}
        onSuccess={onSuccess}
        slot={slot()}
        walletAmount={250.5}
        unit="THB"
      />,
    );
    expect(screen.getByTestId('game-play-hint')).toHaveTextContent('250.50 THB');
    await screen.findByTestId('game-username');
    await userEvent.click(screen.getByTestId('game-play'));
    await vi.waitFor(() => expect(tab.location.href).toBe(LINK));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/wallet/transfer', body: { from: 'WALLET', to: 'pg', amount: 250.5 } },
    ]);
    await userEvent.keyboard('{Escape}');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('still opens the game when the transfer is PENDING (being processed)', async () => {
    mockApi({
      'GET /api/wallet/account/pg': () => ({ body: credentials }),
      'POST /api/wallet/transfer': () => ({
        status: 202,
        body: { status: 'PENDING', message: 'TRANSFER_PENDING', transferId: 't1' },
      }),
      'GET /api/autoLogin/pg/agt_demo01': () => ({ body: { link: LINK } }),
    });
    const { tab } = stubWindowOpen();
    renderWithProviders(<GameAccountDialog open onOpenChange={vi.fn()} slot={slot()} walletAmount={100} unit="THB" />);
    await screen.findByTestId('game-username');
    await userEvent.click(screen.getByTestId('game-play'));
    await vi.waitFor(() => expect(tab.location.href).toBe(LINK));
    expect(await screen.findByText(/being processed/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes the pre-opened tab and shows the error when the transfer fails', async () => {
    mockApi({
      'GET /api/wallet/account/pg': () => ({ body: credentials }),
      'POST /api/wallet/transfer': () => ({ status: 502, body: { message: 'TRANSFER_FAIL' } }),
    });
    const { tab } = stubWindowOpen();
    renderWithProviders(<GameAccountDialog open onOpenChange={vi.fn()} slot={slot()} walletAmount={100} unit="THB" />);
    await screen.findByTestId('game-username');
    await userEvent.click(screen.getByTestId('game-play'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Error');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it('copies a credential with "Copied" + the text, or says "Failed to copy"', async () => {
    mockApi({ 'GET /api/wallet/account/pg': () => ({ body: credentials }) });
    const user = userEvent.setup();
    const writeText = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockResolvedValueOnce()
      .mockRejectedValueOnce(new Error('denied'));
    renderWithProviders(<GameAccountDialog open onOpenChange={vi.fn()} slot={slot()} walletAmount={0} unit="THB" />);
    await user.click(await screen.findByTestId('game-username-copy'));
    expect(writeText).toHaveBeenCalledWith('agt_demo01');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(screen.getAllByText('agt_demo01').length).toBeGreaterThan(1);
    await user.click(screen.getByTestId('game-password-copy'));
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
  });

  it('asks before resetting the password (it logs out of the game app), then shows the new credentials', async () => {
    const calls = mockApi({
      'GET /api/wallet/account/pg': () => ({ body: credentials }),
      'GET /api/wallet/resetpassword/pg': () => ({ body: { ...credentials, password: 'NewPass#9' } }),
    });
    renderWithProviders(<GameAccountDialog open onOpenChange={vi.fn()} slot={slot()} walletAmount={0} unit="THB" />);
    await screen.findByTestId('game-username');
    const resets = () => calls.filter((call) => call.path === '/api/wallet/resetpassword/pg');
    await userEvent.click(screen.getByTestId('game-reset-password'));
    expect(screen.getByTestId('game-reset-confirm')).toHaveTextContent('logged out of the game app');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('game-reset-confirm')).toBeNull();
    expect(resets()).toHaveLength(0);

    await userEvent.click(screen.getByTestId('game-reset-password'));
    await userEvent.click(screen.getByTestId('game-reset-confirm-yes'));
    await vi.waitFor(() => expect(screen.getByTestId('game-password')).toHaveTextContent('NewPass#9'));
    expect(resets()).toHaveLength(1);
  });
});
