import type { AdminWithdrawalRow } from '@wallet/contract/admin/withdrawals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';

type ContractMock = ReturnType<typeof contractMock>;
import WithdrawalsPage from './withdrawals-page.tsx';

const api = vi.hoisted(() => ({ current: null as null | ContractMock }));
// what the page tells the operator in a toast
const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@wallet/web-core/toast', () => ({
  notify: Object.fromEntries(
    ['error', 'success', 'info', 'warning', 'message'].map((k) => [k, (m: string) => toasts.push(m)]),
  ),
}));
vi.mock('../../lib/api.ts', () => ({
  adminCall: (endpoint: never, input: never) => api.current!.adminCall(endpoint, input),
}));

const row = (
  id: string,
  memberId: number,
  status: AdminWithdrawalRow['status'],
  amount: number,
): AdminWithdrawalRow => ({
  id,
  memberId,
  member: { name: `Member ${memberId}`, username: `08${memberId}` },
  amount,
  currency: 'THB',
  status,
  bankAccount: { bankCode: 'KBANK', bankAccountNo: '1234567890', bankAccountName: 'SOMCHAI JAIDEE' },
  autoApproved: false,
  rejectReason: null,
  rejectNote: null,
  lastError: status === 'payout_failed' ? 'REFUSED' : null,
  bankRef: null,
  payoutAttempts: status === 'payout_failed' ? 1 : 0,
  inquiries: 0,
  reviewedBy: null,
  createdAt: '2026-11-27T03:00:00.000Z',
  updatedAt: '2026-11-27T03:00:00.000Z',
  context: { flagged: false, payoutHold: false, recentTransfers: [], recentWithdrawals: [], recentDeposits: [] },
});
const ROWS = [
  row('wd-failed-01', 7, 'payout_failed', 250_000),
  row('wd-aaaa-01', 11, 'pending_review', 6000),
  row('wd-bbbb-01', 12, 'pending_review', 120),
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/withdrawals']}>
        <Routes>
          <Route path="/withdrawals" element={<WithdrawalsPage />} />
          <Route path="/members/:id" element={<p>member page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  toasts.length = 0;
  let rows = ROWS;
  api.current = contractMock({
    'admin.withdrawals.list': () => ({ rows, total: rows.length, page: 1, pageSize: 20 }),
    'admin.withdrawals.reject': ({ params }) => {
      const id = (params as { id: string }).id;
      if (id === 'wd-aaaa-01') {
        // someone else paid it first
        rows = rows.map((r) => (r.id === id ? { ...r, status: 'paid', reviewedBy: 'fin2' } : r));
        throw new ApiError('APPROVAL_DECIDED', 409, {
          message: 'APPROVAL_DECIDED',
          reason: 'DECIDED',
          values: { state: 'paid', by: 'fin2', at: '2026-11-27T11:02:11.000Z' },
        });
      }
      const { context: _c, ...w } = rows.find((r) => r.id === id)!;
      return { withdrawal: { ...w, status: 'rejected' } };
    },
  });
});

describe('withdrawals queue', () => {
  it('links every row to its member and shows a failed payout with its amount unwrapped', async () => {
    renderPage();
    const link = await screen.findByTestId('member-link-wd-failed-01');
    expect(link).toHaveAttribute('href', '/members/7');
    expect(screen.getByText('250,000.00', { exact: false })).toBeInTheDocument();
    // the bank's raw refusal in words, the raw text kept for support in the tooltip
    expect(screen.getByTestId('payout-error-wd-failed-01')).toHaveTextContent('The bank refused the payout');
    expect(screen.getByTestId('payout-error-wd-failed-01')).toHaveAttribute('title', 'REFUSED');
    await userEvent.click(screen.getByTestId('member-link-wd-aaaa-01'));
    expect(await screen.findByText('member page')).toBeInTheDocument();
  });

  it('a row someone decided first: the dialog closes, says who did what when, and the row refreshes', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('reject-wd-aaaa-01'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect
      .poll(() => toasts)
      .toContain('Someone was first: already paid by fin2 at 27/11/2026 18:02:11. The list shows it now.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByTestId('withdrawal-status-wd-aaaa-01')).toHaveTextContent('Paid');
    expect(api.current!.calls.filter((c) => c.id === 'admin.withdrawals.list').length).toBeGreaterThanOrEqual(2);
  });

  it('select all and bulk reject decide each row on its own and report each outcome', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('select-all'));
    await userEvent.click(screen.getByTestId('bulk-reject'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Reject 2 selected/ }));
    await expect.poll(() => toasts.length).toBe(1);
    expect(toasts).toEqual(['Rejected 1; already decided by someone else 1; failed 0']);
    const rejects = api.current!.calls.filter((c) => c.id === 'admin.withdrawals.reject');
    expect(rejects.map((c) => (c.input.params as { id: string }).id).sort()).toEqual(['wd-aaaa-01', 'wd-bbbb-01']);
  });

  it('keys: j moves, a opens the approval of that row, ? lists the keys; nothing fires while typing', async () => {
    renderPage();
    await screen.findByTestId('member-link-wd-aaaa-01');
    await userEvent.keyboard('?');
    expect(await screen.findByTestId('shortcut-sheet')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('jj');
    await userEvent.keyboard('r');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Member 11');
    // typing the reason note: j, k, a, r are text here
    await userEvent.type(within(dialog).getByRole('textbox'), 'jar');
    expect(within(dialog).getByRole('textbox')).toHaveValue('jar');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('sorts on the server by a column and filters by member; the CSV export carries the same filter and order', async () => {
    renderPage();
    await screen.findByTestId('member-link-wd-aaaa-01');
    const lastList = () =>
      api.current!.calls.filter((c) => c.id === 'admin.withdrawals.list').at(-1)!.input.query as Record<
        string,
        unknown
      >;
    // the queue's own order by default
    expect(lastList()).toMatchObject({ sort: 'queue', dir: 'asc' });
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await expect.poll(() => lastList()).toMatchObject({ sort: 'amount', dir: 'desc' });
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await expect.poll(() => lastList()).toMatchObject({ sort: 'amount', dir: 'asc' });
    await userEvent.type(screen.getByTestId('withdrawals-member-filter'), '081-234 5678{Enter}');
    await expect.poll(() => lastList()).toMatchObject({ member: '081-234 5678', sort: 'amount', dir: 'asc' });
    const href = new URL(screen.getByTestId('export-csv').getAttribute('href')!, 'http://console');
    expect(href.pathname).toBe('/api/admin/exports/withdrawals.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ member: '081-234 5678', sort: 'amount', dir: 'asc' });
  });
});
