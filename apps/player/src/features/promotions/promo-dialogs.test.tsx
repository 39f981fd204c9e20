import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { ensurePromotionStrings } from '../../components/promotion-strings.ts';
import { walletFixture } from '../../testing/wallet-fixture.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';

// the promotions strings load with their screens: in place up front, so tests wait for state, not for a chunk
beforeEach(async () => {
  await i18next.changeLanguage('en');
  await ensurePromotionStrings('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

const invites = (page: number) =>
  Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => ({
    from: { name: `Friend ${(page - 1) * 10 + i + 1}` },
    amount: 5,
    createdAt: '2026-11-22T03:00:00.000Z',
  }));

describe('InviteDialog', () => {
  it('shows the invite link PR{id}, its QR, LINE share, and the invitees 10 a page', async () => {
    const calls = mockApi({
      'POST /api/invite': ({ body }) => {
        const { page } = body as { page: number };
        return { body: { invites: invites(page), total: 12 } };
      },
    });
    renderWithProviders(<InviteDialog wallet={walletFixture({ invite: 25 })} onClose={vi.fn()} />);
    expect(await screen.findByTestId('invite-link-text')).toHaveTextContent(
      `${window.location.origin}/register?code=PRm1`,
    );
    expect(screen.getByTestId('invite-share-line')).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(`/register?code=PRm1`)),
    );
    expect(await screen.findByTestId('invite-qr')).toBeInTheDocument();
    const table = screen.getByTestId('invitees-table');
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(calls[0]?.body).toEqual({ page: 1, limit: 10 });
    await userEvent.click(screen.getByRole('button', { name: i18next.t('common:pagination.page', { page: 2 }) }));
    await vi.waitFor(() => expect(within(table).getByText('Friend 12')).toBeInTheDocument());
  });

  it('receive: a danger toast on failure; on success a success toast and the close carries the moved flag', async () => {
    let answer = { status: 409, body: { message: 'NO_INVITE_BONUS' } };
    mockApi({
      'POST /api/invite': () => ({ body: { invites: [], total: 0 } }),
      'GET /api/invite/bonus': () => answer,
    });
    const onClose = vi.fn();
    renderWithProviders(<InviteDialog wallet={walletFixture({ invite: 25 })} onClose={onClose} />);
    await userEvent.click(await screen.findByTestId('invite-receive'));
    expect(await screen.findByText("There's no invite bonus to collect yet.")).toBeInTheDocument();

    answer = { status: 200, body: { message: 'INVITE_BONUS_SUCCESS' } } as typeof answer;
    await userEvent.click(screen.getByTestId('invite-receive'));
    expect(await screen.findByText('Invite bonus moved to your wallet.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(true);
  });
});

describe('RefundDialog', () => {
  const check = {
    result: true,
    bonus: false,
    info: "Cashback 5% of yesterday's loss",
    refundAmount: 40,
    refundSuccess: 200,
    refundFail: 10,
  };

  it("shows yesterday's refund and its conditions; the move to the wallet asks first with the percentages", async () => {
    const calls = mockApi({
      'GET /api/refund/check': () => ({ body: check }),
      'POST /api/refund': () => ({
        body: { refunds: [{ refundAmount: 12.5, createdAt: '2026-11-21T17:05:00.000Z' }], total: 1 },
      }),
      'GET /api/refund/receive': () => ({ body: { message: 'REFUND_SUCCESS' } }),
      'GET /api/refund/addWallet': () => ({ body: { message: 'SUCCESS' } }),
    });
    const onClose = vi.fn();
    renderWithProviders(<RefundDialog currency="THB" onClose={onClose} />);
    expect(await screen.findByTestId('refund-amount')).toHaveTextContent('40.00 THB');
    expect(screen.getByTestId('refund-info')).toHaveTextContent("Cashback 5% of yesterday's loss");
    expect(await within(screen.getByTestId('refund-log')).findByText('12.50')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('refund-receive'));
    const confirm = await screen.findByTestId('refund-confirm');
    expect(confirm).toHaveTextContent('succeeds when your balance reaches 200% and ends if it falls below 10%');
    await userEvent.click(screen.getByTestId('refund-confirm-yes'));
    expect(await screen.findByText('Cashback moved to your wallet.')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/api/refund/receive', '/api/refund/addWallet']));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it("shows the refund's day as a date, not as an ISO string", async () => {
    mockApi({
      'GET /api/refund/check': () => ({ body: { ...check, info: '2026-11-26' } }),
      'POST /api/refund': () => ({ body: { refunds: [], total: 0 } }),
    });
    renderWithProviders(<RefundDialog currency="THB" onClose={vi.fn()} />);
    expect(await screen.findByTestId('refund-info')).toHaveTextContent(/^26\/11\/2026$/);
  });

  it('receiving is disabled while a bonus runs (docs/spec.md §4)', async () => {
    mockApi({
      'GET /api/refund/check': () => ({ body: { ...check, bonus: true } }),
      'POST /api/refund': () => ({ status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } }),
    });
    renderWithProviders(<RefundDialog currency="THB" onClose={vi.fn()} />);
    expect(await screen.findByTestId('refund-bonus-running')).toBeInTheDocument();
    expect(screen.getByTestId('refund-receive')).toBeDisabled();
    expect(screen.getByTestId('refund-add-wallet')).toBeDisabled();
    // a refund log failure is ignored: the empty table
    expect(await screen.findByText('No cashback received yet.')).toBeInTheDocument();
  });
});
