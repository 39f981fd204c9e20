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
  statementType: 'transfer',
  from: 'WALLET',
  to: 'pg',
  amount: 100,
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

describe('statement', () => {
  it('lists rows with type, from → to with game names, signed amount, status badge and date', async () => {
    const calls = mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'POST /api/statement': () => ({
        body: {
          total: 3,
          statements: [
            row({ _id: 'a' }),
            row({ _id: 'b', from: 'pg', to: 'WALLET', amount: 55.5, status: 'FAILED' }),
            row({ _id: 'c', statementType: 'deposit', from: 'BANK', to: 'WALLET', amount: 300, status: 'PENDING' }),
          ],
        },
      }),
    });
    renderWithProviders(<Statement />);
    const rows = await screen.findAllByTestId('statement-row');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Transfer');
    await vi.waitFor(() =>
      expect(within(first).getByTestId('statement-route')).toHaveTextContent('Main wallet→PG Soft'),
    );
    expect(within(first).getByTestId('statement-amount')).toHaveTextContent('−100.00');
    expect(first).toHaveTextContent('Successful');
    expect(first).toHaveTextContent('21/11/2026 13:30:15');
    // a failed move shows the amount tried, struck through, neither + nor −
    expect(within(second).getByTestId('statement-amount')).toHaveTextContent(/^55\.50$/);
    expect(within(second).getByTestId('statement-amount')).toHaveClass('line-through');
    expect(second).toHaveTextContent('Failed');
    expect(third).toHaveTextContent('Deposit');
    expect(third).toHaveTextContent('In progress');
    expect(within(third).getByTestId('statement-route')).toHaveTextContent('Bank account→Main wallet');
    expect(calls.find((c) => c.path === '/api/statement')?.body).toEqual({ page: 1, limit: 10 });
  });

  it('the slip button opens the slip table: reasons translated, each image from its own link', async () => {
    const calls = mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'POST /api/statement': () => ({ body: { total: 0, statements: [] } }),
      'POST /api/statement/slip': () => ({
        body: {
          total: 2,
          slips: [
            {
              createdAt: '2026-11-21T06:30:15.000Z',
              amount: 250,
              status: 'SUCCESS',
              note: '',
              link: '/api/statement/slip/reference/SAAAAAAAAAAAAAA1',
              reference: 'SAAAAAAAAAAAAAA1',
            },
            {
              createdAt: '2026-11-21T05:00:00.000Z',
              amount: 0,
              status: 'FAILED',
              note: 'EXPIRED_SLIP',
              link: '/api/statement/slip/reference/SAAAAAAAAAAAAAA2',
              reference: 'SAAAAAAAAAAAAAA2',
            },
          ],
        },
      }),
      'GET /api/statement/slip/reference/SAAAAAAAAAAAAAA1': () => ({ body: { url: '/api/slip-images/x?exp=1&sig=y' } }),
    });
    renderWithProviders(<Statement />);
    await userEvent.click(await screen.findByTestId('statement-slips'));
    const rows = await screen.findAllByTestId('slip-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('250.00');
    expect(rows[0]).toHaveTextContent('Successful');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]?.textContent).toMatch(/expired/i);
    // a refused slip whose amount was never read is not listed as 0.00
    expect(within(rows[1]!).getByTestId('slip-amount')).toHaveTextContent('Amount not read');
    expect(rows[1]?.textContent).not.toContain('0.00');
    expect(calls.find((c) => c.path === '/api/statement/slip')?.body).toEqual({ page: 1, limit: 10 });
    await userEvent.click(within(rows[0]!).getByTestId('slip-view'));
    const image = await screen.findByRole('img');
    expect(image).toHaveAttribute('src', '/api/slip-images/x?exp=1&sig=y');
  });

  it('pages 10 at a time', async () => {
    const calls = mockApi({
      'POST /api/statement': ({ body }) => {
        const { page } = body as { page: number };
        return { body: { total: 95, statements: [row({ _id: `p${page}`, amount: page })] } };
      },
    });
    renderWithProviders(<Statement />);
    await screen.findAllByTestId('statement-row');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() => expect(screen.getByTestId('statement-amount')).toHaveTextContent('2.00'));
    expect(calls.filter((c) => c.path === '/api/statement').map((c) => c.body)).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
  });

  it('shows a friendly empty state for an empty history', async () => {
    mockApi({ 'POST /api/statement': () => ({ body: { total: 0, statements: [] } }) });
    renderWithProviders(<Statement />);
    expect(screen.getByTestId('statement-skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('statement-empty')).toHaveTextContent('No transactions yet');
    expect(screen.queryByTestId('statement-skeleton')).toBeNull();
  });
});
