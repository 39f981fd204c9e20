import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { InboxEntry } from '@wallet/contract/inbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { InboxSheet } from './inbox-sheet.tsx';
import { ensureNotificationStrings } from './notification-strings.ts';

const entry = (id: number, patch: Partial<InboxEntry> = {}): InboxEntry => ({
  id: String(id),
  kind: 'deposit_credited',
  params: { amount: '1500.00', currency: 'THB', depositId: `D${id}` },
  createdAt: new Date().toISOString(),
  isRead: false,
  ...patch,
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('inbox sheet', () => {
  it.each([
    ['th', 'ฝากเงินสำเร็จ', 'ยอด 1,500.00 บาท เข้ากระเป๋าของคุณแล้ว'],
    ['la', 'ຝາກເງິນສຳເລັດ', 'ຍອດ 1,500.00 ບາດ ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ'],
    ['en', 'Deposit credited', '1,500.00 THB is now in your wallet.'],
  ])('words each entry from its kind and params in %s', async (language, title, body) => {
    await i18next.changeLanguage(language);
    await ensureNotificationStrings(language);
    mockApi({ 'GET /api/inbox': () => ({ body: { total: 1, unread: 1, entries: [entry(1)] } }) });
    renderWithProviders(<InboxSheet open onOpenChange={() => undefined} onNavigate={() => undefined} />);
    const item = await screen.findByTestId('inbox-entry', {}, { timeout: 5_000 });
    expect(item).toHaveTextContent(title);
    expect(item).toHaveTextContent(body);
  });

  it('an entry opens its screen and is marked read; mark all; older pages on demand', async () => {
    await i18next.changeLanguage('en');
    await ensureNotificationStrings('en');
    const first = Array.from({ length: 20 }, (_, i) => entry(40 - i));
    let pageCalls = 0;
    const calls = mockApi({
      // the path carries no query string here: the infinite query asks page 1, then page 2 (a refetch too)
      'GET /api/inbox': () => ({
        body:
          pageCalls++ % 2 === 1
            ? {
                total: 21,
                unread: 21,
                entries: [entry(1, { kind: 'withdrawal_rejected', params: { withdrawalId: 'W' } })],
              }
            : { total: 21, unread: 21, entries: first },
      }),
      'POST /api/inbox/40/read': () => ({ body: { unread: 20 } }),
      'POST /api/inbox/read-all': () => ({ body: { unread: 0 } }),
    });
    const onNavigate = vi.fn();
    const onOpenChange = vi.fn();
    renderWithProviders(<InboxSheet open onOpenChange={onOpenChange} onNavigate={onNavigate} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show older' }, { timeout: 5_000 }));
    await screen.findByText('Withdrawal refused', {}, { timeout: 5_000 });
    expect(screen.getAllByTestId('inbox-entry')).toHaveLength(21);

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/inbox/read-all')).toBe(true));

    await userEvent.click(screen.getAllByTestId('inbox-entry')[0]!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // a credited deposit opens its receipt over the statement
    expect(onNavigate).toHaveBeenCalledWith('/user/statement?receipt=D40');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/inbox/40/read')).toBe(true));
  });
});
