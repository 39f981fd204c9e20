import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { ensurePromotionStrings } from '../../components/promotion-strings.ts';
import { conditionFixture } from '../../testing/promotions-fixture.ts';
import { slotFixture, walletFixture } from '../../testing/wallet-fixture.ts';
import { WithdrawDialog } from './withdraw-dialog.tsx';

// the promotions strings load with their screens: in place up front, so tests wait for state, not for a chunk
beforeEach(async () => {
  await i18next.changeLanguage('en');
  await ensurePromotionStrings('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

const wallet = walletFixture({ slots: [slotFixture({ code: 'pg', name: 'PG Soft', isActive: true, amount: 50 })] });
const base = {
  'GET /api/lookup/withdraw': () => ({ body: { withdrawMin: 100, withdrawMax: 50_000 } }),
  'GET /api/lookup/banks': () => ({ body: [] }),
};

describe('withdraw while a condition runs', () => {
  it('explains why before the player tries: the condition, cancel with its forfeit, collect the game balances', async () => {
    let progress: ReturnType<typeof conditionFixture> | { condition: null } = conditionFixture({
      successRule: 'credit',
      progress: 150,
      target: 300,
    });
    const calls = mockApi({
      ...base,
      'GET /api/bonus/condition': () => ({ body: progress }),
      'POST /api/wallet/transferAll': () => ({ body: { message: 'SUCCESS', amount: 50, pending: 0 } }),
      'GET /api/bonus/clear': () => {
        progress = { condition: null };
        return { body: { message: 'BONUS_CLEAR' } };
      },
      'GET /api/wallet': () => ({ body: wallet }),
    });
    renderWithProviders(<WithdrawDialog open wallet={wallet} onOpenChange={vi.fn()} />);
    expect(await screen.findByText("Why can't I withdraw yet?")).toBeInTheDocument();
    expect(screen.getByTestId('condition-rule')).toHaveTextContent(
      'Grow your total balance (wallet and games) to 300.00 THB',
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    await userEvent.click(screen.getByTestId('withdraw-collect'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/wallet/transferAll')).toBe(true));
    expect(calls.find((c) => c.path === '/api/wallet/transferAll')?.body).toEqual({ to: 'WALLET' });

    await userEvent.click(screen.getByTestId('bonus-cancel'));
    expect(screen.getByTestId('bonus-forfeit')).toHaveTextContent('50.00 THB');
    await userEvent.click(screen.getByTestId('bonus-cancel-yes'));
    await vi.waitFor(() => expect(screen.queryByTestId('withdraw-blocked')).toBeNull());
    expect(screen.getByTestId('withdraw-form')).toBeInTheDocument();
  });

  it('BONUS_REMAINING from the server shows the explanation instead of an alert, even without the progress', async () => {
    mockApi({
      ...base,
      'GET /api/bonus/condition': () => ({ status: 501, body: { message: 'NOT_IMPLEMENTED' } }),
      'POST /api/wallet/withdraw': () => ({ status: 409, body: { message: 'BONUS_REMAINING' } }),
    });
    renderWithProviders(<WithdrawDialog open wallet={wallet} onOpenChange={vi.fn()} />);
    await userEvent.type(await screen.findByTestId('withdraw-amount'), '200');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    await userEvent.click(await screen.findByTestId('withdraw-confirm'));
    expect(await screen.findByTestId('withdraw-blocked')).toHaveTextContent("Why can't I withdraw yet?");
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('withdraw-collect')).toHaveTextContent('Collect 50.00 THB from your games');
  });

  it('a running condition is said at the form itself: the amount and the button are disabled, the fixes are there', async () => {
    const calls = mockApi({
      ...base,
      'GET /api/bonus/condition': () => ({
        body: conditionFixture({ successRule: 'turnover', progress: 100, target: 1_000 }),
      }),
    });
    renderWithProviders(<WithdrawDialog open wallet={wallet} onOpenChange={vi.fn()} />);
    const atForm = await screen.findByTestId('withdraw-form-blocked');
    // inside the form, right under the amount: not only in the explanation above, which scrolls away
    expect(within(screen.getByTestId('withdraw-form')).getByTestId('withdraw-form-blocked')).toBe(atForm);
    expect(within(atForm).getByRole('alert')).toHaveTextContent(
      'You still have a bonus in progress. Complete its conditions first.',
    );
    expect(screen.getByTestId('withdraw-amount')).toBeDisabled();
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
    expect(await within(atForm).findByTestId('withdraw-collect')).toHaveTextContent(
      'Collect 50.00 THB from your games',
    );
    expect(within(atForm).getByTestId('bonus-cancel')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(calls.filter((c) => c.path === '/api/wallet/withdraw')).toEqual([]);
  });
});
