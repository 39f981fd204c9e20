import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { TransferDialog } from './transfer-dialog.tsx';
import { walletFixture } from '../../testing/wallet-fixture.ts';

const open = (wallet = walletFixture()) => {
  const props = { onOpenChange: vi.fn(), onSuccess: vi.fn(), onOpenGame: vi.fn() };
  renderWithProviders(<TransferDialog open wallet={wallet} {...props} />);
  return props;
};
const submit = () => userEvent.click(screen.getByTestId('transfer-submit'));

beforeEach(() => i18next.changeLanguage('en'));
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('TransferDialog', () => {
  it('shows each docs/spec.md §5 rule with its own message', async () => {
    const calls = mockApi({});
    open();
    // the only active game is preselected as the target: clear it
    await userEvent.selectOptions(screen.getByTestId('transfer-to'), '');
    await submit();
    expect(
      await screen.findByText('Please choose both where the money comes from and where it goes'),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByTestId('transfer-to'), 'WALLET');
    await submit();
    expect(await screen.findByText('The source and the target must be different')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByTestId('transfer-to'), 'pg');
    await userEvent.type(screen.getByTestId('transfer-amount'), '0.5');
    await submit();
    expect(await screen.findByText('The minimum transfer is 1 baht')).toBeInTheDocument();

    // a third decimal is kept as typed and refused with the server's own message
    await userEvent.clear(screen.getByTestId('transfer-amount'));
    await userEvent.type(screen.getByTestId('transfer-amount'), '10.125');
    expect(screen.getByTestId('transfer-amount')).toHaveValue('10.125');
    await submit();
    expect(await screen.findByText('Amounts can have at most 2 decimals.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses more than the balance it shows, inline, and clamps quick amounts', async () => {
    const calls = mockApi({});
    open();
    await userEvent.type(screen.getByTestId('transfer-amount'), '1000.01');
    await submit();
    expect(await screen.findByText('Not enough balance: you can move at most 1,000.00 THB')).toBeInTheDocument();
    // from PG Soft (50.00) a 1,000 quick amount becomes 50
    await userEvent.click(screen.getByTestId('transfer-swap'));
    await userEvent.click(screen.getByTestId('quick-amount-1000'));
    expect(screen.getByTestId('transfer-amount')).toHaveValue('50');
    expect(calls).toHaveLength(0);
  });

  it('before any game account is open, offers to open one instead of a dead end', async () => {
    mockApi({});
    const fixture = walletFixture();
    const dialog = open({ ...fixture, slots: fixture.slots.map((slot) => ({ ...slot, isActive: false })) });
    expect(screen.queryByTestId('transfer-form')).toBeNull();
    expect(screen.queryByTestId('transfer-submit')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open PG Soft' }));
    expect(dialog.onOpenGame).toHaveBeenCalledWith('pg');
  });

  it('offers the wallet and active games only, with balances', () => {
    mockApi({});
    open();
    const options = within(screen.getByTestId('transfer-from'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose an account', 'Main wallet · 1,000.00', 'PG Soft · 50.00']);
  });

  it('transfers with an Idempotency-Key, shows success and closes with the success flag', async () => {
    const calls = mockApi({
      'POST /api/wallet/transfer': () => ({ body: { status: 'SUCCESS', message: 'SUCCESS', transferId: 't1' } }),
    });
    const dialog = open();
    await userEvent.click(screen.getByTestId('quick-amount-100'));
    await submit();
    expect(await screen.findByText('Transfer successful')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/wallet/transfer', body: { from: 'WALLET', to: 'pg', amount: 100 } },
    ]);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
    await userEvent.click(screen.getByTestId('transfer-done'));
    expect(dialog.onSuccess).toHaveBeenCalledTimes(1);
    expect(dialog.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows a PENDING answer as being processed, not as a failure', async () => {
    mockApi({
      'POST /api/wallet/transfer': () => ({
        status: 202,
        body: { status: 'PENDING', message: 'TRANSFER_PENDING', transferId: 't1' },
      }),
    });
    const dialog = open();
    await userEvent.type(screen.getByTestId('transfer-amount'), '250');
    await submit();
    expect(await screen.findByTestId('transfer-pending')).toHaveTextContent('Transfer being processed');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByTestId('transfer-done'));
    expect(dialog.onSuccess).toHaveBeenCalledTimes(1);
    expect(dialog.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows a server error in an alert dialog titled with the error label and keeps the form', async () => {
    mockApi({ 'POST /api/wallet/transfer': () => ({ status: 400, body: { message: 'MONEY_NOT_ENOUGH' } }) });
    const dialog = open();
    await userEvent.click(screen.getByTestId('quick-amount-all'));
    expect(screen.getByTestId('transfer-amount')).toHaveValue('1000');
    await submit();
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(screen.getByTestId('transfer-form')).toBeInTheDocument();
    expect(dialog.onOpenChange).not.toHaveBeenCalled();
    expect(dialog.onSuccess).not.toHaveBeenCalled();
  });

  it('sends one request for a double tap and shows the first success (useMoneyMutation)', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const calls = mockApi({ 'POST /api/wallet/transfer': () => new Promise((resolve) => (answer = resolve)) });
    const dialog = open();
    await userEvent.click(screen.getByTestId('quick-amount-100'));
    // two taps in the same frame: React has not re-rendered the pending state between them
    fireEvent.click(screen.getByTestId('transfer-submit'));
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    answer({ body: { status: 'SUCCESS', message: 'SUCCESS', transferId: 't1' } });
    expect(await screen.findByText('Transfer successful')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByTestId('transfer-done'));
    expect(dialog.onSuccess).toHaveBeenCalledTimes(1);
  });
});
