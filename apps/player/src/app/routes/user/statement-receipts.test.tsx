import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { StatementRow } from '@wallet/contract/statement';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../../testing/mock-api.tsx';
import { walletFixture } from '../../../testing/wallet-fixture.ts';
import { Component as Statement } from './statement.tsx';

const row = (patch: Partial<StatementRow> & { _id: string }): StatementRow => ({
  statementType: 'deposit',
  from: 'qr',
  to: 'WALLET',
  amount: 500,
  status: 'SUCCESS',
  createdAt: '2026-11-21T06:30:15.000Z',
  ...patch,
});

beforeEach(async () => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  await i18next.changeLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('statement receipts, filters and totals', () => {
  it('a row opens its receipt: amount, date in the reader’s language, channel and reference', async () => {
    const calls = mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'POST /api/statement': () => ({ body: { total: 1, statements: [row({ _id: '42' })] } }),
      'GET /api/statement/receipt/42': () => ({ body: { id: '42', channel: 'qr', reference: 'KBANK.TXN-9' } }),
    });
    renderWithProviders(<Statement />);
    await userEvent.click(await screen.findByTestId('statement-open'));
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByTestId('receipt-amount')).toHaveTextContent('+500.00');
    expect(within(receipt).getByTestId('receipt-date')).toHaveTextContent('21 November 2026 13:30:15');
    expect(await within(receipt).findByTestId('receipt-reference')).toHaveTextContent('KBANK.TXN-9');
    expect(within(receipt).getByTestId('receipt-id')).toHaveTextContent('42');
    expect(screen.getByTestId('receipt-share')).toBeEnabled();
    expect(calls.some((c) => c.path === '/api/statement/receipt/42')).toBe(true);
  });

  it('a paid withdrawal shows the bank’s payout reference; a game transfer the provider’s', async () => {
    mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'POST /api/statement': () => ({
        body: {
          total: 2,
          statements: [
            row({ _id: 'W1', statementType: 'withdraw', from: 'WALLET', to: 'BANK', withdraw: { returned: false } }),
            row({ _id: 'T1', statementType: 'transfer', from: 'WALLET', to: 'pg' }),
          ],
        },
      }),
      'GET /api/statement/receipt/W1': () => ({
        body: { id: 'W1', bankCode: 'KBANK', accountNo: '••••7890', bankReference: 'PAY-77' },
      }),
      'GET /api/statement/receipt/T1': () => ({ body: { id: 'T1', providerReference: 'PG-REF-9' } }),
    });
    renderWithProviders(<Statement />);
    const [withdrawal, transfer] = await screen.findAllByTestId('statement-open');
    await userEvent.click(withdrawal!);
    expect(await screen.findByTestId('receipt-bankReference')).toHaveTextContent('PAY-77');
    expect(screen.getByTestId('receipt-bank')).toHaveTextContent('KBANK ••••7890');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(transfer!);
    expect(await screen.findByTestId('receipt-providerReference')).toHaveTextContent('PG-REF-9');
  });

  it('?receipt=<deposit id> (the inbox link) opens that deposit’s receipt from its own row', async () => {
    mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'POST /api/statement': () => ({ body: { total: 0, statements: [] } }),
      'GET /api/statement/receipt/D7': () => ({
        body: { id: 'D7', channel: 'qr', reference: 'KBANK.X', row: row({ _id: 'D7', amount: 1500 }) },
      }),
    });
    renderWithProviders(<Statement />, { route: '/user/statement?receipt=D7' });
    expect(await screen.findByTestId('receipt-amount')).toHaveTextContent('+1,500.00');
    expect(screen.getByTestId('receipt-reference')).toHaveTextContent('KBANK.X');
  });

  it('a transfer notice waiting for review reads Under review', async () => {
    mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'POST /api/statement': () => ({
        body: { total: 1, statements: [row({ _id: 'N1', from: 'manual', status: 'REVIEW', amount: 700 })] },
      }),
    });
    renderWithProviders(<Statement />);
    const item = await screen.findByTestId('statement-row');
    expect(item).toHaveTextContent('Under review');
    expect(item).toHaveTextContent('Transfer notice');
    expect(within(item).getByTestId('statement-amount')).toHaveTextContent('+700.00');
  });

  it('filters by type and month and shows the server’s totals for the whole filter, not the page', async () => {
    const calls = mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'POST /api/statement': ({ body }) => {
        const filtered = (body as { type?: string }).type === 'deposit';
        return {
          body: filtered
            ? { total: 25, statements: [row({ _id: 'd1', amount: 100 })], totals: { in: 12_345.5, out: 0 } }
            : { total: 1, statements: [row({ _id: 'a1' })] },
        };
      },
    });
    renderWithProviders(<Statement />);
    await screen.findByTestId('statement-row');
    expect(screen.queryByTestId('statement-totals')).toBeNull();
    await userEvent.click(screen.getByTestId('statement-type-deposit'));
    expect(await screen.findByTestId('statement-total-in')).toHaveTextContent('+12,345.50');
    // nothing out reads 0.00 in the plain colour, never "−0.00" in red
    expect(screen.getByTestId('statement-total-out')).toHaveTextContent(/^0\.00/);
    expect(screen.getByTestId('statement-total-out')).not.toHaveClass('text-danger');
    const month = screen.getByTestId('statement-month') as HTMLSelectElement;
    const value = month.options[2]!.value;
    await userEvent.selectOptions(month, value);
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/statement').at(-1)?.body).toEqual({
        page: 1,
        limit: 10,
        type: 'deposit',
        month: value,
      }),
    );
    expect(value).toMatch(/^20\d\d-\d\d$/);
  });
});
