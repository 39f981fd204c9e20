import type { AdminCondition } from '@wallet/contract/admin/promotions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCall } from '../../lib/api.ts';
import { PromotionsTab } from './member-promotions-tab.tsx';

vi.mock('../../lib/api.ts', () => ({ adminCall: vi.fn() }));
const call = vi.mocked(adminCall);

const RUNNING: AdminCondition = {
  id: 7,
  memberId: 100_001,
  source: 'bonus',
  promotionId: 3,
  promotionCode: 'WEEKLY20',
  status: 'running',
  successRule: 'turnover',
  base: 300,
  bonus: 50,
  progress: 120,
  target: 900,
  failBelow: 30,
  maxWithdraw: null,
  maxBet: 50,
  overMaxBets: {
    count: 2,
    stake: 700,
    latest: [
      { game: 'pg', betId: 'b-2', stake: 500, placedAt: '2026-11-27T08:00:00.000Z' },
      { game: 'joker2', betId: 'b-1', stake: 200, placedAt: '2026-11-27T07:00:00.000Z' },
    ],
  },
  forfeited: 0,
  startedAt: '2026-11-27T06:00:00.000Z',
  endedAt: null,
  endReason: null,
};

const renderTab = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PromotionsTab memberId={100_001} currency="THB" />
    </QueryClientProvider>,
  );

beforeEach(() => call.mockReset());

describe("a member's promotions tab", () => {
  it('lists the bets above the max bet, which did not count toward the turnover', async () => {
    call.mockResolvedValue({ conditions: [RUNNING] } as never);
    renderTab();
    const over = await screen.findByTestId('over-max-bets-7');
    expect(over).toHaveTextContent(
      '2 bet(s) above the max bet of 50.00 THB (700.00 THB in all) did not count toward the turnover',
    );
    expect(within(over).getAllByRole('listitem')).toHaveLength(2);
    expect(over).toHaveTextContent('b-2');
    expect(over).toHaveTextContent('500.00 THB');
  });

  it('a cancel refused while game money is on its way shows why in the dialog, translated', async () => {
    const user = userEvent.setup();
    call.mockResolvedValueOnce({ conditions: [RUNNING] } as never);
    call.mockRejectedValueOnce(new ApiError('BONUS_CANCEL_GAME_BALANCE', 409));
    renderTab();
    await user.click(await screen.findByTestId('cancel-condition-7'));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Game balances are first collected to the wallet');
    await user.type(within(dialog).getByRole('textbox'), 'member asked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel condition' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Money in your games could not be brought back to the wallet yet',
    );
  });
});
