import type { AuditRow } from '@wallet/contract/admin/audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';
import AuditPage from './audit-page.tsx';
import { withMoney } from './changes.ts';

type ContractMock = ReturnType<typeof contractMock>;
const api = vi.hoisted(() => ({ current: null as null | ContractMock }));
vi.mock('../../lib/api.ts', () => ({
  adminCall: (endpoint: never, input: never) => api.current!.adminCall(endpoint, input),
  consoleSession: { isSignedIn: () => true },
}));

const adjustment = (status: string) => ({
  memberId: 100001,
  amount: '750000',
  currency: 'THB',
  reason: 'Goodwill',
  status,
  requestedBy: 'admin',
});
const rows: AuditRow[] = [
  {
    id: 7,
    at: '2026-11-27T03:00:00.000Z',
    operatorId: 2,
    operator: 'admin2',
    action: 'member.adjustment.approve',
    target: 'member:100001',
    before: adjustment('pending'),
    after: adjustment('posted'),
    ip: '127.0.0.1',
    hash: 'ab'.repeat(32),
  },
  {
    id: 8,
    at: '2026-11-27T04:00:00.000Z',
    operatorId: 1,
    operator: 'admin',
    action: 'approval.request',
    target: 'adjustment:9',
    before: null,
    after: { kind: 'manual_deposit', currency: 'LAK', amount: '-125000050', payload: { amount: 1500 } },
    ip: null,
    hash: 'cd'.repeat(32),
  },
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/audit']}>
        <Routes>
          <Route path="/audit" element={<AuditPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.current = contractMock({
    'admin.audit.list': () => ({ rows, total: rows.length, page: 1, pageSize: 20 }),
    'admin.audit.verify': () => ({ rows: 8, problems: [], ok: true, checkedAt: '2026-11-27T05:00:00.000Z' }),
  });
});

describe('audit money', () => {
  it('shows a minor-unit amount beside its currency in baht or kip, nested ones with the currency around them', () => {
    expect(withMoney(rows[1]!.after)).toEqual({
      kind: 'manual_deposit',
      currency: 'LAK',
      amount: '-1,250,000.50 LAK',
      payload: { amount: '15.00 LAK' },
    });
    // no currency: nothing says what unit the number is in, so it stays as it was
    expect(withMoney({ amount: 500, status: 'credited' })).toEqual({ amount: 500, status: 'credited' });
    expect(withMoney({ amount: '12.5', currency: 'THB' })).toEqual({ amount: '12.5', currency: 'THB' });
    expect(withMoney(null)).toBeNull();
  });
});

describe('audit page', () => {
  it('the detail shows amounts in baht with the unit; the raw JSON the chain covers is one click away', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Chain intact: 8 rows verified')).toBeInTheDocument();
    await user.click(await screen.findByText(/^status/));
    const after = await screen.findByTestId('audit-after');
    expect(after).toHaveTextContent('"amount": "7,500.00 THB"');
    expect(after).toHaveTextContent('"status": "posted"');
    expect(screen.getByTestId('audit-before')).toHaveTextContent('"amount": "7,500.00 THB"');

    await user.click(screen.getByRole('button', { name: 'Show raw JSON (minor units)' }));
    expect(screen.getByTestId('audit-after')).toHaveTextContent('"amount": "750000"');
    expect(screen.getByRole('button', { name: 'Show amounts in baht / kip' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Show amounts in baht / kip' }));
    expect(screen.getByTestId('audit-after')).toHaveTextContent('"amount": "7,500.00 THB"');
  });
});
