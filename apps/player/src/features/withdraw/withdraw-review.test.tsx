import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enErrors from '@wallet/web-core/locales/en/errors.json';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { walletFixture } from '../../testing/wallet-fixture.ts';
import { WithdrawDialog } from './withdraw-dialog.tsx';

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

const wallet = walletFixture({ amount: 1_000 });
const routes = {
  'GET /api/lookup/withdraw': () => ({ body: { withdrawMin: 100, withdrawMax: 50_000 } }),
  'GET /api/lookup/banks': () => ({ body: [] }),
  'GET /api/bonus/condition': () => ({ body: { condition: null } }),
  'POST /api/wallet/withdraw': () => ({ body: { message: 'SUCCESS' } }),
};
const withdrawCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/wallet/withdraw');

describe('withdraw: review before the money leaves', () => {
  it('shows the bank, the masked account, the name and the amount, and sends nothing until confirmed', async () => {
    const calls = mockApi(routes);
    renderWithProviders(<WithdrawDialog open wallet={wallet} onOpenChange={vi.fn()} />);
    await userEvent.type(await screen.findByTestId('withdraw-amount'), '250.5');
    await userEvent.click(screen.getByTestId('withdraw-submit'));

    const review = await screen.findByTestId('withdraw-review');
    expect(within(review).getByTestId('withdraw-review-amount')).toHaveTextContent('250.50 THB');
    const account = within(review).getByTestId('withdraw-review-account');
    expect(account).toHaveTextContent('•••-•••-7890');
    expect(account).not.toHaveTextContent('123-456-7890');
    expect(account).toHaveTextContent('DEMO PLAYER');
    expect(account).toHaveTextContent('KBANK');
    expect(withdrawCalls(calls)).toEqual([]);

    // back keeps the amount; confirming sends it once
    await userEvent.click(screen.getByTestId('withdraw-back'));
    expect(screen.getByTestId('withdraw-amount')).toHaveValue('250.5');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    await userEvent.click(await screen.findByTestId('withdraw-confirm'));
    expect(await screen.findByTestId('withdraw-success')).toHaveTextContent('250.50');
    expect(withdrawCalls(calls)).toEqual([expect.objectContaining({ body: { amount: 250.5 } })]);
  });

  it('a double tap on confirm sends one request', async () => {
    const calls = mockApi(routes);
    renderWithProviders(<WithdrawDialog open wallet={wallet} onOpenChange={vi.fn()} />);
    await userEvent.type(await screen.findByTestId('withdraw-amount'), '100');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    const confirm = await screen.findByTestId('withdraw-confirm');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByTestId('withdraw-success');
    expect(withdrawCalls(calls)).toHaveLength(1);
  });

  it("a third decimal is refused with the server's own message, not cut to two", async () => {
    const calls = mockApi(routes);
    renderWithProviders(<WithdrawDialog open wallet={wallet} onOpenChange={vi.fn()} />);
    const field = await screen.findByTestId('withdraw-amount');
    await userEvent.type(field, '100.255');
    expect(field).toHaveValue('100.255');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText(enErrors.AMOUNT_DECIMALS)).toBeInTheDocument();
    expect(screen.queryByTestId('withdraw-review')).toBeNull();
    expect(withdrawCalls(calls)).toEqual([]);
  });
});
