import type { Approval } from '@wallet/contract/admin/approvals';
import type { AdminDepositRow } from '@wallet/contract/admin/deposits';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';
import { ConfirmDepositDialog } from './confirm-deposit-dialog.tsx';

// the console's one fetcher, contract-checked: the dialog's call is parsed by the admin descriptor's schemas, the
// answer by its response
type ContractMock = ReturnType<typeof contractMock>;
const api = vi.hoisted(() => ({ current: null as null | ContractMock }));
vi.mock('../../lib/api.ts', () => ({
  adminCall: (endpoint: never, input: never) => api.current!.adminCall(endpoint, input),
}));
const answer = (handlers: Parameters<typeof contractMock>[0]) => (api.current = contractMock(handlers));

// a manual notice waiting for review (our deposit ids: 16 characters A-Z 0-9, the manual ones start with M)
const row: AdminDepositRow = {
  channel: 'manual',
  id: 'M7QK2W9XH4TDPB3N',
  memberId: 42,
  depositId: 'M7QK2W9XH4TDPB3N',
  amount: 200_000,
  currency: 'THB',
  status: 'review',
  detail: null,
  member: { name: 'Somchai', username: '0812345678' },
  reviewedBy: null,
  createdAt: '2026-11-27T03:00:00.000Z',
};

// the request for a second operator the server opens beyond the rolling-day limit (amount in minor units)
const approval: Approval = {
  id: 4,
  kind: 'manual_deposit',
  target: `deposit:${row.id}`,
  memberId: row.memberId,
  amount: '20000000',
  currency: 'THB',
  payload: { note: 'KBANK statement 14:02' },
  role: 'finance',
  status: 'pending',
  requestedBy: 'fin1',
  requestedAt: '2026-11-27T07:02:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
};

describe('ConfirmDepositDialog (manual notices under four eyes)', () => {
  beforeEach(() => {
    // a call a test does not answer fails it
    answer({});
  });

  it('needs a note, then shows "waiting for a second operator" when the server holds the confirmation', async () => {
    const user = userEvent.setup();
    const mock = answer({ 'admin.deposits.confirm': () => ({ row: { ...row }, approval }) });
    const onSuccess = vi.fn();
    const onOpenChange = vi.fn();
    render(<ConfirmDepositDialog open onOpenChange={onOpenChange} row={row} onSuccess={onSuccess} />);
    await user.click(screen.getByTestId('confirm-deposit-send'));
    expect(screen.getByRole('alert')).toHaveTextContent('at least 3 characters');
    expect(mock.calls).toEqual([]);

    await user.type(screen.getByRole('textbox'), 'KBANK statement 14:02');
    await user.click(screen.getByTestId('confirm-deposit-send'));
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting for a second operator');
    expect(screen.getByRole('status')).toHaveTextContent('200,000.00 THB');
    expect(onSuccess).toHaveBeenCalledWith({ credited: false });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(mock.calls).toEqual([
      {
        id: 'admin.deposits.confirm',
        input: expect.objectContaining({ params: { id: row.id }, body: { note: 'KBANK statement 14:02' } }),
      },
    ]);
  });

  it('shows the cap refusal in the dialog, translated', async () => {
    const user = userEvent.setup();
    answer({
      'admin.deposits.confirm': () => {
        throw new ApiError('MANUAL_DEPOSIT_CAP', 422);
      },
    });
    const onOpenChange = vi.fn();
    render(<ConfirmDepositDialog open onOpenChange={onOpenChange} row={row} onSuccess={vi.fn()} />);
    await user.type(screen.getByRole('textbox'), 'seen on statement');
    await user.click(screen.getByTestId('confirm-deposit-send'));
    expect(await screen.findByRole('alert')).toHaveTextContent('above the limit per notice');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('within the limit it credits and closes', async () => {
    const user = userEvent.setup();
    answer({ 'admin.deposits.confirm': () => ({ row: { ...row, status: 'credited' }, approval: null }) });
    const onOpenChange = vi.fn();
    const onSuccess = vi.fn();
    render(<ConfirmDepositDialog open onOpenChange={onOpenChange} row={row} onSuccess={onSuccess} />);
    await user.type(screen.getByRole('textbox'), 'seen on statement');
    await user.click(screen.getByTestId('confirm-deposit-send'));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSuccess).toHaveBeenCalledWith({ credited: true });
  });
});
