import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enErrors from '@wallet/web-core/locales/en/errors.json';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { WithdrawCancel } from './withdraw-cancel.tsx';

beforeEach(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces('statement');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

const render = () => renderWithProviders(<WithdrawCancel id="w1" amount={300} />);

describe('cancel a pending withdrawal from the statement', () => {
  it('asks first, then cancels once and says the money is back', async () => {
    const calls = mockApi({ 'POST /api/wallet/withdraw/w1/cancel': () => ({ body: { message: 'SUCCESS' } }) });
    render();
    await userEvent.click(await screen.findByTestId('withdraw-cancel'));
    const confirm = screen.getByTestId('withdraw-cancel-confirm');
    expect(confirm).toHaveTextContent('Cancel this withdrawal?');
    expect(confirm).toHaveTextContent('300.00 goes back to your wallet at once.');
    expect(calls).toEqual([]);
    await userEvent.click(within(confirm).getByTestId('withdraw-cancel-yes'));
    expect(await screen.findByText('Withdrawal cancelled. The money is back in your wallet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/wallet/withdraw/w1/cancel')).toHaveLength(1);
  });

  it("too late: the server's message in an alert", async () => {
    mockApi({
      'POST /api/wallet/withdraw/w1/cancel': () => ({ status: 409, body: { message: 'WITHDRAWAL_NOT_CANCELLABLE' } }),
    });
    render();
    await userEvent.click(await screen.findByTestId('withdraw-cancel'));
    await userEvent.click(screen.getByTestId('withdraw-cancel-yes'));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(enErrors.WITHDRAWAL_NOT_CANCELLABLE);
  });
});
