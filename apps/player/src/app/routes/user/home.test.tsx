import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { walletQueries } from '../../../api/wallet.ts';
import { storage } from '../../../lib/storage.ts';
import { mockApi, renderWithProviders, waitForQueryError } from '../../../testing/mock-api.tsx';
import { ensurePromotionStrings } from '../../../components/promotion-strings.ts';
import { slotFixture, walletFixture } from '../../../testing/wallet-fixture.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Component as Home, loader } from './home.tsx';

const slots = [
  slotFixture({ code: 'pg', name: 'PG Soft', isActive: true, amount: 100, ftWalletSlot: 2 }),
  slotFixture({ code: 'joker2', name: 'Joker', amount: 0 }),
  ...['betflix', 'askmebet', 'imi', 'areaslot', 'circus'].map((code) => slotFixture({ code })),
  slotFixture({ code: 'usun', name: 'USUN', category: 'sport', isActive: true, amount: 25.25 }),
  slotFixture({ code: 'huayhd', name: 'Huay HD', category: 'lotto' }),
];

beforeEach(async () => {
  localStorage.clear();
  storage.acceptAgreement('m1');
  await i18next.changeLanguage('en');
  await ensurePromotionStrings('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('home route loader', () => {
  beforeEach(() => storage.setToken('session-token', false));
  afterEach(() => queryClient.clear());

  it('reads nothing when signed out (the guard sends the visitor to /login)', async () => {
    storage.clearSession();
    const calls = mockApi({});
    await expect(loader()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('reads the wallet and the spin flag before the first visit renders, and never waits when the wallet is cached', async () => {
    const calls = mockApi({
      'GET /api/wallet': () => ({ body: walletFixture({ amount: 900, slots }) }),
      'GET /api/spinwheel/active': () => ({ body: { active: true } }),
    });
    await expect(loader()).resolves.toBeNull();
    expect(queryClient.getQueryData(walletQueries.summary().queryKey)).toMatchObject({ wallet: { amount: 900 } });
    expect(queryClient.getQueryData(['spinwheel', 'active'])).toBe(true);
    const before = calls.length;
    await loader();
    expect(calls.length).toBe(before);
  });

  it('never throws when the wallet fails: the screen shows the failure and its retry', async () => {
    mockApi({
      'GET /api/wallet': () => ({ status: 500, body: { message: 'UNKNOW_ERROR' } }),
      'GET /api/spinwheel/active': () => ({ status: 501, body: { message: 'NOT_IMPLEMENTED' } }),
    });
    await expect(loader()).resolves.toBeNull();
  });
});

describe('home', () => {
  it('shows the name, total balance (wallet + all games), coins, referral and the game sliders', async () => {
    mockApi({
      'GET /api/wallet': () => ({ body: walletFixture({ amount: 900, slots, coin: 7, invite: 12.5 }) }),
      'GET /api/spinwheel/active': () => ({ status: 501, body: { message: 'NOT_IMPLEMENTED' } }),
    });
    renderWithProviders(<Home />);
    // a skeleton of the screen, not a full-screen spinner, until the wallet arrives
    expect(screen.getByTestId('home-skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('total-balance')).toHaveTextContent('1,025.25');
    expect(screen.queryByTestId('home-skeleton')).toBeNull();
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Demo Player');
    expect(screen.getByTestId('coin-count')).toHaveTextContent('7');
    // (the invite strip's own chunk, loaded beside the sliders')
    expect(await screen.findByTestId('referral-amount')).toHaveTextContent('12.50');
    // balance × ftWalletSlot on an active card, an open-account prompt on an inactive one
    // (the sliders' own chunk)
    expect(await screen.findByTestId('game-balance-pg')).toHaveTextContent('200.00');
    expect(within(screen.getByTestId('game-card-joker2')).getByText('Open account')).toBeInTheDocument();
    // 7 slot games → 2 slides of up to 6, with dots
    expect(within(screen.getByTestId('games-slot')).getAllByRole('button', { name: /Show page/ })).toHaveLength(2);
    expect(screen.getByTestId('games-sport')).toBeInTheDocument();
    expect(screen.getByTestId('games-lotto')).toBeInTheDocument();
  });

  it('replaces the wheel with collect-all when the wheel is not active, and collects to the wallet', async () => {
    const calls = mockApi({
      'GET /api/wallet': () => ({ body: walletFixture({ slots }) }),
      'GET /api/spinwheel/active': () => ({ status: 501, body: { message: 'NOT_IMPLEMENTED' } }),
      'POST /api/wallet/transferAll': () => ({ body: { message: 'SUCCESS', amount: 125.25, pending: 0 } }),
    });
    renderWithProviders(<Home />);
    await userEvent.click(await screen.findByTestId('widget-collect-all'));
    expect(screen.queryByTestId('widget-spin')).toBeNull();
    expect(await screen.findByText('125.25 THB moved back to your wallet')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/wallet/transferAll')?.body).toEqual({ to: 'WALLET' });
    // the wallet is fetched again after the money moved
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/api/wallet')).toHaveLength(2));
  });

  it('shows the wheel widget with the coin count when the wheel is active', async () => {
    mockApi({
      'GET /api/wallet': () => ({ body: walletFixture({ coin: 4 }) }),
      'GET /api/spinwheel/active': () => ({ body: { active: true } }),
    });
    renderWithProviders(<Home />);
    expect(await screen.findByTestId('widget-spin')).toHaveTextContent('4');
    expect(screen.queryByTestId('widget-collect-all')).toBeNull();
  });

  it('checks balances through refresh/slot and remembers the sync time', async () => {
    const calls = mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'GET /api/wallet/refresh/slot': () => ({
        body: {
          slots: [slotFixture({ code: 'pg', isActive: true, amount: 75 })],
          updatedAt: '2026-11-21T07:00:00.000Z',
        },
      }),
    });
    renderWithProviders(<Home />);
    await userEvent.click(await screen.findByTestId('check-balance'));
    await vi.waitFor(() => expect(screen.getByTestId('total-balance')).toHaveTextContent('1,075.00'));
    expect(storage.getLastSync()).toBe('2026-11-21T07:00:00.000Z');
    expect(screen.getByTestId('last-update')).toHaveTextContent('21/11/2026 14:00:00');
    expect(calls.some((c) => c.path === '/api/wallet/refresh/slot')).toBe(true);
  });

  it('invite and refund show their banners first, then their modal; the referral receive opens the invite modal', async () => {
    // the flow is a lazy chunk: load it before the first tap, so the test waits for state, not for a transform
    await import('../../../features/promotions/promo-flow.tsx');
    const banner = { image: '/banners/invite.png', html: '<p>Invite and earn 10%</p>' };
    mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'GET /api/invite/banners': () => ({ body: [banner] }),
      'GET /api/refund/banners': () => ({ body: [] }),
      'POST /api/invite': () => ({ body: { invites: [], total: 0 } }),
      'POST /api/refund': () => ({ body: { refunds: [], total: 0 } }),
    });
    renderWithProviders(<Home />);
    await userEvent.click(await screen.findByTestId('widget-invite'));
    expect(await screen.findByTestId('banners-carousel')).toHaveTextContent('Invite and earn 10%');
    await userEvent.click(screen.getByTestId('banners-continue'));
    expect(await screen.findByTestId('invite-dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByTestId('invite-dialog')).toBeNull());

    // no refund banners: the refund modal opens directly
    await userEvent.click(screen.getByTestId('widget-refund'));
    expect(await screen.findByTestId('refund-dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByTestId('refund-dialog')).toBeNull());

    await userEvent.click(await screen.findByTestId('referral-receive'));
    expect(await screen.findByTestId('invite-dialog')).toBeInTheDocument();
    expect(screen.queryByTestId('banners-carousel')).toBeNull();
  });

  it('the withdraw widget opens the withdraw modal: the registered account, the bounds, waiting for transfer', async () => {
    await import('../../../features/withdraw/withdraw-dialog.tsx');
    let sent: unknown;
    mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'GET /api/lookup/withdraw': () => ({ body: { withdrawMin: 100, withdrawMax: 50_000 } }),
      'POST /api/wallet/withdraw': ({ body }) => {
        sent = body;
        return { body: { message: 'SUCCESS' } };
      },
    });
    renderWithProviders(<Home />);
    await userEvent.click(await screen.findByTestId('widget-withdraw'));
    expect(await screen.findByTestId('withdraw-account')).toBeInTheDocument();
    const input = (await screen.findByTestId('withdraw-amount')) as HTMLInputElement;
    await vi.waitFor(() => expect(screen.getByTestId('withdraw-submit')).not.toBeDisabled());
    await userEvent.type(input, '50');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('The minimum withdrawal is 100.00 THB')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '100');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    // the review step: nothing is sent before the player confirms
    expect(await screen.findByTestId('withdraw-review-amount')).toHaveTextContent('100.00');
    expect(sent).toBeUndefined();
    await userEvent.click(screen.getByTestId('withdraw-confirm'));
    expect(await screen.findByTestId('withdraw-success')).toHaveTextContent('Waiting for transfer');
    expect(sent).toEqual({ amount: 100 });
  });

  it('a wallet load failure hides the overlay and offers a retry, no alert (docs/spec.md §8)', async () => {
    let fail = true;
    mockApi({
      'GET /api/wallet': () =>
        fail ? { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } : { body: walletFixture() },
    });
    const { queryClient } = renderWithProviders(<Home />);
    await waitForQueryError(queryClient, walletQueries.summary().queryKey);
    expect(screen.queryByTestId('total-balance')).toBeNull();
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    expect(screen.queryByTestId('home-skeleton')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fail = false;
    await userEvent.click(await screen.findByTestId('load-failed-retry'));
    expect(await screen.findByTestId('total-balance')).toBeInTheDocument();
  });
});
