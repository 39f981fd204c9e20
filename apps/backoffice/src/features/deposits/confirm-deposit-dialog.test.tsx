import type { AdminDepositRow } from '@wallet/contract/admin/deposits';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDepositDialog } from './confirm-deposit-dialog.tsx';

const adminCall = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', () => ({ adminCall }));

const row = {
  channel: 'manual',
  id: 'M123',
  depositId: 'M123',
  amount: 200_000,
  currency: 'THB',
  status: 'review',
  member: { name: 'Somchai', username: '0812345678' },
} as unknown as AdminDepositRow;

const approval = { id: 4, kind: 'manual_deposit', status: 'pending', requestedBy: 'fin1' };

describe('ConfirmDepositDialog (manual notices under four eyes)', () => {
  beforeEach(() => {
    adminCall.mockReset();
  });

  it('needs a note, then shows "waiting for a second operator" when the server holds the confirmation', async () => {
    const user = userEvent.setup();
    adminCall.mockResolvedValue({ row: { ...row }, approval });
    const onSuccess = vi.fn();
    const onOpenChange = vi.fn();
    render(<ConfirmDepositDialog open onOpenChange={onOpenChange} row={row} onSuccess={onSuccess} />);
    await user.click(screen.getByTestId('confirm-deposit-send'));
    expect(screen.getByRole('alert')).toHaveTextContent('at least 3 characters');
    expect(adminCall).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox'), 'KBANK statement 14:02');
    await user.click(screen.getByTestId('confirm-deposit-send'));
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting for a second operator');
    expect(screen.getByRole('status')).toHaveTextContent('200,000.00 THB');
    expect(onSuccess).toHaveBeenCalledWith({ credited: false });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(adminCall).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ params: { id: 'M123' }, body: { note: 'KBANK statement 14:02' } }),
    );
  });

  it('shows the cap refusal in the dialog, translated', async () => {
    const user = userEvent.setup();
    adminCall.mockRejectedValue(new ApiError('MANUAL_DEPOSIT_CAP', 422));
    const onOpenChange = vi.fn();
    render(<ConfirmDepositDialog open onOpenChange={onOpenChange} row={row} onSuccess={vi.fn()} />);
    await user.type(screen.getByRole('textbox'), 'seen on statement');
    await user.click(screen.getByTestId('confirm-deposit-send'));
    expect(await screen.findByRole('alert')).toHaveTextContent('above the limit per notice');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('within the limit it credits and closes', async () => {
    const user = userEvent.setup();
    adminCall.mockResolvedValue({ row: { ...row, status: 'credited' }, approval: null });
    const onOpenChange = vi.fn();
    const onSuccess = vi.fn();
    render(<ConfirmDepositDialog open onOpenChange={onOpenChange} row={row} onSuccess={onSuccess} />);
    await user.type(screen.getByRole('textbox'), 'seen on statement');
    await user.click(screen.getByTestId('confirm-deposit-send'));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(onSuccess).toHaveBeenCalledWith({ credited: true });
  });
});
