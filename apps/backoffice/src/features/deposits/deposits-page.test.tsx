import type { AdminDepositRow } from '@wallet/contract/admin/deposits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';
import DepositsPage from './deposits-page.tsx';

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
}));

const row = (id: string, status: AdminDepositRow['status'], amount: number | null): AdminDepositRow => ({
  id,
  channel: 'manual',
  memberId: 21,
  member: { name: 'Somchai Jaidee', username: '0812345678' },
  amount,
  currency: 'THB',
  status,
  detail: null,
  depositId: status === 'review' ? id : null,
  reviewedBy: null,
  createdAt: '2026-11-27T03:00:00.000Z',
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/deposits']}>
        <Routes>
          <Route path="/deposits" element={<DepositsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  toasts.length = 0;
  let rows = [row('MDEP000000000001', 'review', 1500), row('MDEP000000000002', 'credited', 200)];
  api.current = contractMock({
    'admin.deposits.list': () => ({ rows, total: rows.length, page: 1, pageSize: 20 }),
    'admin.deposits.summary': () => ({ days: [], inReview: 1 }),
    'admin.deposits.reject': ({ params }) => {
      const id = (params as { id: string }).id;
      rows = rows.map((r) => (r.id === id ? { ...r, status: 'rejected', reviewedBy: 'fin' } : r));
      return { row: rows.find((r) => r.id === id)! };
    },
  });
});

const lastList = () =>
  api.current!.calls.filter((c) => c.id === 'admin.deposits.list').at(-1)!.input.query as Record<string, unknown>;

describe('deposits page', () => {
  it('rejects a deposit in review with the note the dialog requires, and refreshes the row', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('reject-MDEP000000000001'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1,500.00 THB');
    // no note: the dialog says so and sends nothing
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(api.current!.calls.some((c) => c.id === 'admin.deposits.reject')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox'), 'not on the statement');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect.poll(() => toasts).toEqual(['Rejected: nothing was credited']);
    const reject = api.current!.calls.find((c) => c.id === 'admin.deposits.reject')!;
    expect(reject.input).toMatchObject({ params: { id: 'MDEP000000000001' }, body: { note: 'not on the statement' } });
    expect(await screen.findByTestId('deposit-status-MDEP000000000001')).toHaveTextContent('Rejected');
    // a credited row offers no decision
    expect(screen.queryByTestId('reject-MDEP000000000002')).toBeNull();
  });

  it('sorts on the server from a column header and filters by member (a phone number with dashes)', async () => {
    renderPage();
    await screen.findByTestId('reject-MDEP000000000001');
    expect(lastList()).toMatchObject({ sort: 'queue', dir: 'desc' });
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await expect.poll(() => lastList()).toMatchObject({ sort: 'amount', dir: 'desc' });
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await expect.poll(() => lastList()).toMatchObject({ sort: 'amount', dir: 'asc' });
    await userEvent.type(screen.getByTestId('deposits-member-filter'), '081-234-5678{Enter}');
    await expect.poll(() => lastList()).toMatchObject({ member: '081-234-5678', sort: 'amount', dir: 'asc' });
  });
});
