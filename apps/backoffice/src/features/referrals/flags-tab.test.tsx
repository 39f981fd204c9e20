import type { SelfReferralFlag } from '@wallet/contract/admin/referral-refunds';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { adminCall } from '../../lib/api.ts';
import { FlagsTab } from './flags-tab.tsx';

vi.mock('../../lib/api.ts', () => ({ adminCall: vi.fn() }));
const call = vi.mocked(adminCall);

const flag = (id: number, review: SelfReferralFlag['review']): SelfReferralFlag => ({
  id,
  inviterId: 100_001,
  inviterName: 'Somchai',
  inviteeId: id,
  inviteeName: `Friend ${id}`,
  signals: ['shared_ip'],
  sharedAddresses: ['198.51.100.9'],
  review,
  withheld: review === 'approved' ? 0 : 50,
  paid: review === 'approved' ? 50 : 0,
  reviewedBy: review === 'held' ? null : 'marketing1',
  reviewedAt: review === 'held' ? null : '2026-11-27T09:00:00.000Z',
  reviewReason: review === 'held' ? null : 'checked',
  createdAt: '2026-11-27T08:00:00.000Z',
});

describe('FlagsTab', () => {
  it('lists each flag with its address; only a held one can be approved or rejected, which opens the review', async () => {
    call.mockResolvedValue({ rows: [flag(2, 'held'), flag(3, 'approved')], total: 2, page: 1, pageSize: 20 } as never);
    const router = createMemoryRouter([{ path: '/', element: <FlagsTab /> }]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const held = (await screen.findByText('Friend 2')).closest('tr')!;
    expect(within(held).getByText('198.51.100.9')).toBeInTheDocument();
    expect(within(held).getByText('Address (IP)')).toBeInTheDocument();
    const approved = screen.getByText('Friend 3').closest('tr')!;
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).queryByTestId('flag-approve')).not.toBeInTheDocument();

    await userEvent.click(within(held).getByTestId('flag-reject'));
    expect(
      await screen.findByRole('dialog', { name: 'Reject the invite of Friend 2 by Somchai?' }),
    ).toBeInTheDocument();
  });
});
