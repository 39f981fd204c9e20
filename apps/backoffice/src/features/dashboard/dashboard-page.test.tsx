import type { Dashboard, DayFigures } from '@wallet/contract/admin/reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';
import DashboardPage from './dashboard-page.tsx';

type ContractMock = ReturnType<typeof contractMock>;
const api = vi.hoisted(() => ({ current: null as null | ContractMock }));
vi.mock('../../lib/api.ts', () => ({
  adminCall: (endpoint: never, input: never) => api.current!.adminCall(endpoint, input),
}));
// the chart draws on a canvas jsdom does not have
vi.mock('../../components/daily-chart.tsx', () => ({ DailyChart: () => null }));

const day = (d: string, deposits: string, withdrawals: string, active: number): DayFigures => ({
  day: d,
  deposits,
  withdrawals,
  net: String(BigInt(deposits) - BigInt(withdrawals)),
  newMembers: 1,
  activeMembers: active,
});
const DAYS = Array.from({ length: 30 }, (_, i) =>
  day(`2026-11-${String(i + 1).padStart(2, '0')}`, i === 29 ? '12345678900' : '0', i === 29 ? '60000000' : '0', 40),
);
const DASHBOARD: Dashboard = {
  currency: 'THB',
  today: DAYS[29]!,
  days: DAYS,
  // 40 a day, but 78 distinct members over the 30 days (not 30 × 40)
  totals30: { deposits: '12345678900', withdrawals: '60000000', net: '12285678900', newMembers: 30, activeMembers: 78 },
  breakdown: {
    today: { channels: [{ channel: 'qr', amount: '12345678900', count: 3 }], providers: [] },
    days30: {
      channels: [{ channel: 'qr', amount: '12345678900', count: 3 }],
      providers: [{ game: 'pg', toGame: '500000', fromGame: '200000', count: 4 }],
    },
  },
  queues: {
    withdrawals: { pending_review: 76, approved: 1, paying: 2, payout_failed: 3 },
    deposits: 4,
    adjustments: 5,
    approvals: 6,
    chats: 7,
  },
};

beforeEach(() => {
  api.current = contractMock({ 'admin.reports.dashboard': () => DASHBOARD });
});

describe('dashboard', () => {
  it('shows every queue by state, linked to its page', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const review = await screen.findByTestId('queue-withdrawals-review');
    expect(review).toHaveTextContent('Withdrawals to review76');
    expect(review).toHaveAttribute('href', '/withdrawals?status=pending_review');
    expect(screen.getByTestId('queue-withdrawals-failed')).toHaveTextContent('Payouts failed3');
    expect(screen.getByTestId('queue-deposits')).toHaveTextContent('4');
    expect(screen.getByTestId('queue-chats')).toHaveTextContent('Chats waiting7');
  });

  it('money as paid in grouped figures that never wrap, and distinct active members over 30 days', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const today = await screen.findByTestId('figures-today');
    const deposits = within(today).getByText('123,456,789.00');
    expect(deposits).toHaveClass('whitespace-nowrap', 'tabular-nums');
    expect(within(today).getByText('600,000.00')).toBeInTheDocument();
    const last30 = screen.getByTestId('figures-last30');
    const active = within(last30).getByText('78');
    expect(active.closest('[title]')).toHaveAttribute(
      'title',
      'Members who signed in at least once in the 30 days, each counted once',
    );
    expect(within(screen.getByTestId('breakdown-last30')).getByText('pg')).toBeInTheDocument();
    expect(within(screen.getByTestId('breakdown-today')).getByText('QR payment')).toBeInTheDocument();
  });
});
