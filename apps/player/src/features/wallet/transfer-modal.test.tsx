import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { TransferModal } from './transfer-modal.tsx';
import { walletFixture } from './wallet-fixture.ts';

const open = (onClose = vi.fn()) => {
  renderWithProviders(<TransferModal open wallet={walletFixture()} onClose={onClose} />);
  return onClose;
};
const submit = () => userEvent.click(screen.getByTestId('transfer-submit'));

beforeEach(() => i18next.changeLanguage('en'));
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('TransferModal', () => {
  it('shows each SPEC.md §5 rule with its own message', async () => {
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
    expect(calls).toHaveLength(0);
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
    const onClose = open();
    await userEvent.click(screen.getByTestId('quick-amount-100'));
    await submit();
    expect(await screen.findByText('Transfer successful')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/wallet/transfer', body: { from: 'WALLET', to: 'pg', amount: 100 } },
    ]);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
    await userEvent.click(screen.getByTestId('transfer-done'));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('shows a PENDING answer as being processed, not as a failure', async () => {
    mockApi({
      'POST /api/wallet/transfer': () => ({
        status: 202,
        body: { status: 'PENDING', message: 'TRANSFER_PENDING', transferId: 't1' },
      }),
    });
    const onClose = open();
    await userEvent.type(screen.getByTestId('transfer-amount'), '250');
    await submit();
    expect(await screen.findByTestId('transfer-pending')).toHaveTextContent('Transfer being processed');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByTestId('transfer-done'));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('shows a server error in an alert dialog titled with the error label and keeps the form', async () => {
    mockApi({ 'POST /api/wallet/transfer': () => ({ status: 400, body: { message: 'MONEY_NOT_ENOUGH' } }) });
    const onClose = open();
    await userEvent.click(screen.getByTestId('quick-amount-all'));
    expect(screen.getByTestId('transfer-amount')).toHaveValue('1000');
    await submit();
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(screen.getByTestId('transfer-form')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
