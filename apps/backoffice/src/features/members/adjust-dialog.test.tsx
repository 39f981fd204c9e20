import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AdjustDialog } from './adjust-dialog.tsx';

const adminCall = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', () => ({ adminCall }));

const adjustment = (status: 'posted' | 'pending') => ({
  adjustment: { id: 7, memberId: 3, amount: '2000000', currency: 'THB', reason: 'promo payout', status },
});
const wrap = (ui: ReactNode) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;

async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Amount/ }), '20000');
  await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'promo payout');
  await user.click(screen.getByRole('button', { name: 'Submit adjustment' }));
}

describe('AdjustDialog (four eyes)', () => {
  beforeEach(() => {
    adminCall.mockReset();
  });

  it('over the limit it says the adjustment waits for a second operator, and stays open', async () => {
    const user = userEvent.setup();
    adminCall.mockResolvedValue(adjustment('pending'));
    const onClose = vi.fn();
    const onSuccess = vi.fn();
    render(wrap(<AdjustDialog memberId={3} currency="THB" walletMajor={0} onClose={onClose} onSuccess={onSuccess} />));
    await submit(user);
    const status = await screen.findByTestId('adjust-waiting');
    expect(status).toHaveTextContent('Waiting for a second operator');
    expect(status).toHaveTextContent('20,000.00 THB');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(adminCall).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ params: { id: 3 }, body: { amount: '2000000', reason: 'promo payout' } }),
    );
    // the dialog's own button (the corner × is another "Close")
    const close = screen.getAllByRole('button', { name: 'Close' }).find((b) => b.getAttribute('type') === 'submit');
    await user.click(close!);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(adminCall).toHaveBeenCalledTimes(1);
  });

  it('within the limit it posts and closes', async () => {
    const user = userEvent.setup();
    adminCall.mockResolvedValue(adjustment('posted'));
    const onClose = vi.fn();
    render(wrap(<AdjustDialog memberId={3} currency="THB" walletMajor={0} onClose={onClose} onSuccess={vi.fn()} />));
    await submit(user);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('adjust-waiting')).toBeNull();
  });

  it('a refusal is shown in the dialog with its translated code', async () => {
    const user = userEvent.setup();
    adminCall.mockRejectedValue(new ApiError('FORBIDDEN', 403));
    const onClose = vi.fn();
    render(wrap(<AdjustDialog memberId={3} currency="THB" walletMajor={0} onClose={onClose} onSuccess={vi.fn()} />));
    await submit(user);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).not.toBe('FORBIDDEN');
    expect(onClose).not.toHaveBeenCalled();
  });
});
