import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { BetHistory, BetRow } from '@wallet/contract/bets';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../../testing/mock-api.tsx';
import { walletFixture } from '../../../testing/wallet-fixture.ts';
import { Component as Bets } from './bets.tsx';

const bet = (patch: Partial<BetRow> & { betId: string }): BetRow => ({
  game: 'pg',
  stake: 10,
  payout: 0,
  winLoss: -10,
  placedAt: '2026-11-21T06:30:15.000Z',
  day: '2026-11-21',
  turnover: 0,
  bonusName: null,
  ...patch,
});
const DAY = { day: '2026-11-21', betCount: 3, stake: 60, winLoss: 5, turnover: 20 };

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('bet history', () => {
  it('shows the day with its totals, each bet with the bonus turnover it counted, and pages on', async () => {
    const pages: Record<string, BetHistory> = {
      first: {
        bets: [
          bet({ betId: 'a', payout: 25, winLoss: 15, turnover: 10, bonusName: 'Welcome 50%' }),
          bet({ betId: 'b', game: 'sexy', stake: 20, winLoss: -20 }),
        ],
        days: [DAY],
        games: ['pg', 'sexy'],
        nextCursor: 'next',
      },
      next: {
        bets: [bet({ betId: 'c', stake: 30, winLoss: -30 })],
        days: [DAY],
        games: ['pg', 'sexy'],
        nextCursor: null,
      },
    };
    let reads = 0;
    const calls = mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'GET /api/bets': () => ({ body: pages[reads++ === 0 ? 'first' : 'next'] }),
    });
    renderWithProviders(<Bets />);
    const day = await screen.findByTestId('bet-day-2026-11-21');
    expect(day).toHaveTextContent('21/11/2026');
    expect(day).toHaveTextContent('3 bets');
    expect(within(day).getByTestId('bet-day-winloss')).toHaveTextContent('+5.00');
    const rows = screen.getAllByTestId('bet-row');
    expect(rows[0]).toHaveTextContent('Counted 10.00 toward Welcome 50%');
    expect(rows[1]).toHaveTextContent('Not counted toward a bonus');
    await userEvent.click(screen.getByTestId('bets-more'));
    await vi.waitFor(() => expect(screen.getAllByTestId('bet-row')).toHaveLength(3));
    // the day split over two pages is shown once
    expect(screen.getAllByTestId('bet-day-2026-11-21')).toHaveLength(1);
    expect(screen.queryByTestId('bets-more')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/bets')).toHaveLength(2);
    expect(vi.mocked(globalThis.fetch).mock.calls.some(([url]) => String(url).includes('cursor=next'))).toBe(true);
  });

  it('filters by game, shows the empty state, and a retry on a load failure', async () => {
    let isDown = true;
    const calls = mockApi({
      'GET /api/wallet': () => ({ body: walletFixture() }),
      'GET /api/bets': () =>
        isDown
          ? { status: 503, body: { message: 'SERVICE_UNAVAILABLE' } }
          : { body: { bets: [], days: [], games: ['pg'], nextCursor: null } },
    });
    renderWithProviders(<Bets />);
    expect(await screen.findByTestId('load-failed')).toBeInTheDocument();
    isDown = false;
    await userEvent.click(screen.getByTestId('load-failed-retry'));
    expect(await screen.findByTestId('bets-empty')).toHaveTextContent('No bets yet');
    await userEvent.selectOptions(screen.getByTestId('bet-filter-game'), 'pg');
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe('/api/bets'));
    expect(vi.mocked(globalThis.fetch).mock.calls.some(([url]) => String(url).includes('game=pg'))).toBe(true);
  });
});
