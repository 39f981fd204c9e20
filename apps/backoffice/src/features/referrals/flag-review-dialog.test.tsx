import type { SelfReferralFlag } from '@wallet/contract/admin/referral-refunds';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCall } from '../../lib/api.ts';
import { FlagReviewDialog } from './flag-review-dialog.tsx';

vi.mock('../../lib/api.ts', () => ({ adminCall: vi.fn() }));
const call = vi.mocked(adminCall);

const FLAG: SelfReferralFlag = {
  id: 100_002,
  inviterId: 100_001,
  inviterName: 'Somchai',
  inviteeId: 100_002,
  inviteeName: 'Somsak',
  signals: ['shared_ip', 'device'],
  sharedAddresses: ['203.0.113.7'],
  review: 'held',
  withheld: 50,
  paid: 0,
  reviewedBy: null,
  reviewedAt: null,
  reviewReason: null,
  createdAt: '2026-11-27T08:00:00.000Z',
};

beforeEach(() => call.mockReset());

describe('FlagReviewDialog', () => {
  it('lists the signals and the shared address, needs a reason, then approves with it', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    call.mockResolvedValueOnce({ flag: { ...FLAG, review: 'approved', withheld: 0, paid: 50 } } as never);
    render(<FlagReviewDialog open onOpenChange={() => {}} onSuccess={onSuccess} flag={FLAG} decision="approve" />);
    expect(screen.getByRole('dialog', { name: 'Approve the invite of Somsak by Somchai?' })).toBeInTheDocument();
    expect(screen.getByTestId('review-signals')).toHaveTextContent('Address (IP)');
    expect(screen.getByTestId('review-signals')).toHaveTextContent('Device');
    expect(screen.getByTestId('review-addresses')).toHaveTextContent('203.0.113.7');

    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    expect(call).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox'), 'same family, documents checked');
    await user.click(screen.getByRole('button', { name: 'Approve and pay' }));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toMatchObject({
      params: { id: 100_002 },
      body: { decision: 'approve', reason: 'same family, documents checked' },
    });
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ review: 'approved' }));
  });

  it('shows the server refusal, translated, in the dialog (a flag decided meanwhile)', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    call.mockRejectedValueOnce(new ApiError('KEY_INVALID', 400));
    render(<FlagReviewDialog open onOpenChange={() => {}} onSuccess={onSuccess} flag={FLAG} decision="reject" />);
    await user.type(screen.getByRole('textbox'), 'one person, two accounts');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some information is invalid.');
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
