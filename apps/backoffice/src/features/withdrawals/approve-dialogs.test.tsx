import type { AdminWithdrawalRow, BulkApproveResult, WithdrawalRisk } from '@wallet/contract/admin/withdrawals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { BulkApproveDialog } from './bulk-approve-dialog.tsx';

// the console's one fetcher, contract-checked: the dialogs' calls are parsed by the admin descriptors' schemas, the
// answers by their responses
type ContractMock = ReturnType<typeof contractMock>;
const api = vi.hoisted(() => ({ current: null as null | ContractMock }));
vi.mock('../../lib/api.ts', () => ({
  adminCall: (endpoint: never, input: never) => api.current!.adminCall(endpoint, input),
}));
const answer = (handlers: Parameters<typeof contractMock>[0]) => (api.current = contractMock(handlers));

const ROW: AdminWithdrawalRow = {
  id: 'wd-held-0001',
  memberId: 42,
  member: { name: 'Somchai Jaidee', username: '0812345678' },
  amount: 1500,
  currency: 'THB',
  status: 'pending_review',
  bankAccount: { bankCode: 'KBANK', bankAccountNo: '1234567890', bankAccountName: 'SOMCHAI JAIDEE' },
  autoApproved: false,
  rejectReason: null,
  rejectNote: null,
  lastError: null,
  bankRef: null,
  payoutAttempts: 0,
  inquiries: 0,
  reviewedBy: null,
  createdAt: '2026-11-27T03:00:00.000Z',
  updatedAt: '2026-11-27T03:00:00.000Z',
  context: {
    flagged: true,
    payoutHold: true,
    recentTransfers: [],
    recentWithdrawals: [],
    recentDeposits: [],
  },
};
const { context: _context, ...WITHDRAWAL } = ROW;
const RISK: WithdrawalRisk = {
  withdrawal: WITHDRAWAL,
  flags: {
    flagged: true,
    flagReason: 'Shared device with another member',
    flaggedBy: 'risk1',
    flaggedAt: '2026-11-26T02:00:00.000Z',
    payoutHold: true,
    holdReason: 'Pending KYC documents',
    holdBy: 'fin1',
    holdAt: '2026-11-26T03:00:00.000Z',
  },
  conditionRunning: true,
  coolingUntil: '2026-11-28T03:00:00.000Z',
  accountChanges: [
    {
      at: '2026-11-27T03:00:00.000Z',
      before: { bankCode: 'SCB', bankAccountNo: '1110001111' },
      after: { bankCode: 'KBANK', bankAccountNo: '1234567890' },
    },
  ],
  activity: {
    recentDeposits: [{ channel: 'qr', amount: 2000, status: 'credited', createdAt: '2026-11-27T01:00:00.000Z' }],
    recentTransfers: [
      { game: 'slot', direction: 'from_game', amount: 3500, status: 'success', createdAt: '2026-11-27T02:00:00.000Z' },
    ],
    recentWithdrawals: [
      { amount: 1500, status: 'pending_review', createdAt: ROW.createdAt },
      { amount: 800, status: 'paid', createdAt: '2026-11-20T03:00:00.000Z' },
    ],
  },
};

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(async () => {
  await i18next.changeLanguage('en');
  // a call a test does not answer fails it
  answer({});
});

describe('ApproveDialog', () => {
  it("shows the member's risk context, and the refusal of a held member's payout in the dialog", async () => {
    const user = userEvent.setup();
    const mock = answer({
      'admin.withdrawals.risk': () => RISK,
      'admin.withdrawals.approve': () => {
        throw new ApiError('PAYOUT_HOLD', 409);
      },
    });
    const onSuccess = vi.fn();
    const onOpenChange = vi.fn();
    render(wrap(<ApproveDialog open onOpenChange={onOpenChange} row={ROW} onSuccess={onSuccess} />));

    const hold = await screen.findByTestId('risk-hold');
    expect(hold).toHaveTextContent('Payouts on hold');
    expect(hold).toHaveTextContent('Pending KYC documents — fin1');
    expect(within(hold).getByRole('link', { name: "Open the member's page" })).toHaveAttribute('href', '/members/42');
    expect(screen.getByTestId('risk-flag')).toHaveTextContent('Shared device with another member — risk1');
    expect(screen.getByTestId('risk-condition')).toHaveTextContent('A promotion condition is running');
    const changes = screen.getByTestId('risk-account-changes');
    expect(changes).toHaveTextContent('withdrawals cool down until');
    expect(changes).toHaveTextContent('27/11/2026 10:00:00 · SCB 111-000-1111 → KBANK 123-456-7890');
    expect(screen.getByTestId('risk-deposits')).toHaveTextContent('+2,000.00 QR · credited');
    expect(screen.getByTestId('risk-transfers')).toHaveTextContent('← slot 3,500.00');
    // the withdrawal under review is not listed among the member's other withdrawals
    expect(within(screen.getByTestId('risk-withdrawals')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByTestId('risk-clear')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This member's payouts are on hold. Lift the hold on the member's page before approving.",
    );
    expect(mock.calls).toEqual([
      { id: 'admin.withdrawals.risk', input: { params: { id: ROW.id } } },
      { id: 'admin.withdrawals.approve', input: { params: { id: ROW.id } } },
    ]);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('says the member is clear, and approves (Thai)', async () => {
    await i18next.changeLanguage('th');
    const user = userEvent.setup();
    const clear: WithdrawalRisk = {
      ...RISK,
      flags: { ...RISK.flags, flagged: false, payoutHold: false },
      conditionRunning: false,
      coolingUntil: null,
      accountChanges: [],
    };
    answer({
      'admin.withdrawals.risk': () => clear,
      'admin.withdrawals.approve': () => ({ withdrawal: { ...WITHDRAWAL, status: 'paid' } }),
    });
    const onSuccess = vi.fn();
    const onOpenChange = vi.fn();
    render(wrap(<ApproveDialog open onOpenChange={onOpenChange} row={ROW} onSuccess={onSuccess} />));
    expect(await screen.findByTestId('risk-clear')).toHaveTextContent('ไม่มีการระงับการจ่าย');
    expect(screen.queryByTestId('risk-hold')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'อนุมัติ' }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ ...WITHDRAWAL, status: 'paid' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('BulkApproveDialog', () => {
  const free: AdminWithdrawalRow = {
    ...ROW,
    id: 'wd-free-0002',
    memberId: 43,
    member: { name: 'Malee Suksai', username: '0898765432' },
    amount: 300,
    context: { ...ROW.context, flagged: false, payoutHold: false },
  };

  it('warns about the held member before, and shows each row with its result or its refusal after', async () => {
    const user = userEvent.setup();
    const results: BulkApproveResult[] = [
      { id: ROW.id, status: 'pending_review', refusal: 'PAYOUT_HOLD' },
      { id: free.id, status: 'paid', refusal: null },
    ];
    const mock = answer({ 'admin.withdrawals.bulkApprove': () => ({ results }) });
    const onSuccess = vi.fn();
    render(wrap(<BulkApproveDialog open onOpenChange={vi.fn()} rows={[ROW, free]} onSuccess={onSuccess} />));
    expect(screen.getByRole('dialog', { name: 'Approve the selected withdrawals?' })).toBeInTheDocument();
    expect(screen.getByTestId('bulk-held-warning')).toHaveTextContent(
      '1 member is on payout hold: that withdrawal will be refused.',
    );
    expect(within(screen.getByTestId(`bulk-row-${ROW.id}`)).getByText('Payout hold')).toBeInTheDocument();

    await user.click(screen.getByTestId('bulk-confirm'));
    expect(await screen.findByRole('dialog', { name: 'Bulk approval results' })).toHaveAccessibleDescription(
      '1 approved, 1 refused',
    );
    expect(mock.calls).toEqual([{ id: 'admin.withdrawals.bulkApprove', input: { body: { ids: [ROW.id, free.id] } } }]);
    expect(screen.getByTestId(`bulk-row-${ROW.id}`)).toHaveTextContent('Refused: payouts on hold');
    expect(screen.getByTestId(`bulk-row-${free.id}`)).toHaveTextContent('Paid');
    expect(onSuccess).toHaveBeenCalledWith(results);
  });

  it('keeps a failed call in the dialog with its translated message (Thai)', async () => {
    await i18next.changeLanguage('th');
    const user = userEvent.setup();
    answer({
      'admin.withdrawals.bulkApprove': () => {
        throw new ApiError('FORBIDDEN', 403);
      },
    });
    const onSuccess = vi.fn();
    render(wrap(<BulkApproveDialog open onOpenChange={vi.fn()} rows={[free]} onSuccess={onSuccess} />));
    expect(screen.queryByTestId('bulk-held-warning')).toBeNull();
    await user.click(screen.getByTestId('bulk-confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18next.t('FORBIDDEN', { ns: 'errors' }));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
