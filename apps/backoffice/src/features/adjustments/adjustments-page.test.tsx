import type { Adjustment } from '@wallet/contract/admin/members';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';
import AdjustmentsPage from './adjustments-page.tsx';

type ContractMock = ReturnType<typeof contractMock>;
const api = vi.hoisted(() => ({ current: null as null | ContractMock }));
const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@wallet/web-core/toast', () => ({
  notify: Object.fromEntries(
    ['error', 'success', 'info', 'warning', 'message'].map((k) => [k, (m: string) => toasts.push(m)]),
  ),
}));
vi.mock('../../lib/api.ts', () => ({
  adminCall: (endpoint: never, input: never) => api.current!.adminCall(endpoint, input),
  consoleSession: { isSignedIn: () => true },
}));

const adjustment = (id: number, requestedBy: string, amount: string): Adjustment => ({
  id,
  memberId: 40 + id,
  amount,
  currency: 'THB',
  reason: 'goodwill after an outage',
  status: 'pending',
  requestedBy,
  requestedAt: '2026-11-27T03:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  ledgerTransactionId: null,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/adjustments']}>
        <Routes>
          <Route path="/adjustments" element={<AdjustmentsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  toasts.length = 0;
  let rows = [adjustment(1, 'fin2', '1500000'), adjustment(2, 'fin', '-2000')];
  api.current = contractMock({
    'admin.auth.me': () => ({ username: 'fin', roles: ['finance'] }),
    'admin.adjustments.list': () => ({ rows, total: rows.length, page: 1, pageSize: 20 }),
    'admin.adjustments.approve': ({ params }) => {
      const id = (params as { id: number }).id;
      rows = rows.filter((r) => r.id !== id);
      return { adjustment: { ...adjustment(id, 'fin2', '1500000'), status: 'posted', decidedBy: 'fin' } };
    },
    'admin.adjustments.reject': () => {
      throw new ApiError('APPROVAL_DECIDED', 409, {
        message: 'APPROVAL_DECIDED',
        reason: 'DECIDED',
        values: { state: 'posted', by: 'fin3', at: '2026-11-27T11:02:11.000Z' },
      });
    },
  });
});

const lastList = () =>
  api.current!.calls.filter((c) => c.id === 'admin.adjustments.list').at(-1)!.input.query as Record<string, unknown>;

describe('adjustments page', () => {
  it("approves another operator's request (four eyes); one's own request offers only withdrawing it", async () => {
    renderPage();
    expect(await screen.findByText('Your request: another operator approves')).toBeInTheDocument();
    expect(screen.queryByTestId('approve-2')).toBeNull();
    expect(screen.getByText('15,000.00', { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('approve-1'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Approve 15000.00 THB for member 41?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect.poll(() => toasts).toEqual(['Approved and posted']);
    expect(api.current!.calls.find((c) => c.id === 'admin.adjustments.approve')!.input).toMatchObject({
      params: { id: 1 },
    });
    await expect.poll(() => screen.queryByTestId('approve-1')).toBeNull();
  });

  it('a request someone decided first: says who did what, sends the reject with its reason once', async () => {
    renderPage();
    await screen.findByTestId('approve-1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Reject' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'duplicate request');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect.poll(() => toasts.length).toBe(1);
    expect(toasts[0]).toMatch(/fin3/);
    expect(api.current!.calls.filter((c) => c.id === 'admin.adjustments.reject')).toHaveLength(1);
  });

  it('sorts on the server from a column header', async () => {
    renderPage();
    await screen.findByTestId('approve-1');
    expect(lastList()).toMatchObject({ status: 'pending', sort: 'queue' });
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await expect.poll(() => lastList()).toMatchObject({ sort: 'amount', dir: 'desc' });
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
  });
});
