import type { Approval } from '@wallet/contract/admin/approvals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';
import ApprovalsPage from './approvals-page.tsx';

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

const base = {
  status: 'pending',
  requestedAt: '2026-11-27T03:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
} as const;
const ROWS: Approval[] = [
  {
    ...base,
    id: 1,
    kind: 'adjustment',
    target: 'adjustment:9',
    memberId: 77,
    amount: '2500000',
    currency: 'THB',
    payload: { reason: 'refund of a failed game transfer' },
    role: 'finance',
    requestedBy: 'fin2',
  },
  {
    ...base,
    id: 2,
    kind: 'setting',
    target: 'setting:withdrawAutoApprove',
    memberId: null,
    amount: null,
    currency: null,
    payload: { key: 'withdrawAutoApprove', before: { maxAmount: 1000 }, after: { maxAmount: 50000 } },
    role: 'admin',
    requestedBy: 'adm2',
  },
  {
    ...base,
    id: 3,
    kind: 'manual_deposit',
    target: 'deposit:MDEP1',
    memberId: 78,
    amount: '900000',
    currency: 'THB',
    payload: { note: 'seen on statement' },
    role: 'finance',
    requestedBy: 'fin',
  },
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/approvals']}>
        <Routes>
          <Route path="/approvals" element={<ApprovalsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  toasts.length = 0;
  let rows = ROWS;
  api.current = contractMock({
    'admin.auth.me': () => ({ username: 'fin', roles: ['finance'] }),
    'admin.approvals.list': () => ({ rows, total: rows.length, page: 1, pageSize: 20 }),
    'admin.approvals.reject': ({ params, body }) => {
      const id = (params as { id: number }).id;
      const row = rows.find((r) => r.id === id)!;
      rows = rows.filter((r) => r.id !== id);
      return {
        approval: { ...row, status: 'rejected', decidedBy: 'fin', decisionNote: (body as { note: string }).note },
      };
    },
  });
});

describe('approvals page (four eyes)', () => {
  it('offers approve only for a role the operator holds and never on their own request', async () => {
    renderPage();
    expect(await screen.findByTestId('approval-approve-1')).toBeInTheDocument();
    // a setting needs an admin: no button for a finance operator
    expect(screen.queryByTestId('approval-approve-2')).toBeNull();
    expect(screen.getByText('Needs the admin role')).toBeInTheDocument();
    // the operator's own manual deposit: withdraw only
    expect(screen.queryByTestId('approval-approve-3')).toBeNull();
    expect(screen.getByTestId('approval-reject-3')).toHaveTextContent('Withdraw');
    // the amount in baht, the setting's change field by field
    expect(screen.getByText('25,000.00', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('withdrawAutoApprove')).toBeInTheDocument();
  });

  it('rejects with the note the dialog requires and the row leaves the queue', async () => {
    renderPage();
    await userEvent.click(await screen.findByTestId('approval-reject-1'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Requested by fin2');
    await userEvent.type(within(dialog).getByRole('textbox'), 'not agreed with the member');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect.poll(() => toasts).toEqual(['Rejected: nothing was carried out']);
    expect(api.current!.calls.find((c) => c.id === 'admin.approvals.reject')!.input).toMatchObject({
      params: { id: 1 },
      body: { note: 'not agreed with the member' },
    });
    await expect.poll(() => screen.queryByTestId('approval-reject-1')).toBeNull();
  });
});
