import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../../testing/mock-api.tsx';
import { walletFixture } from '../../../testing/wallet-fixture.ts';
import { useBalancesOnReturn } from './use-balances-on-return.ts';

function Probe() {
  useBalancesOnReturn();
  return null;
}

describe('home, back from a game', () => {
  it('reads the game balances again when the page is shown again, once for a burst of focus events', async () => {
    const fresh = walletFixture();
    const calls = mockApi({
      'GET /api/wallet/refresh/slot': () => ({ body: { slots: fresh.slots, updatedAt: '2026-11-27T10:00:00.000Z' } }),
    });
    renderWithProviders(<Probe />);
    expect(calls).toEqual([]);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/wallet/refresh/slot')).toHaveLength(1));
  });
});
