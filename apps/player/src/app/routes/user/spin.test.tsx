import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n.ts';
import { ensureSpinStrings } from '../../../features/spin-wheel/spin-strings.ts';
import { walletFixture } from '../../../testing/wallet-fixture.ts';
import { mockApi, renderWithProviders } from '../../../testing/mock-api.tsx';
import { Component as Spin } from './spin.tsx';

const slices = ['CASH_10', 'AGAIN', 'CASH_20', 'CASH_50'].map((code, i) => ({
  code,
  label: code,
  bgColor: '#112233',
  textColor: '#ffffff',
  htmlDescription: `<b>${code}</b>`,
  isPrize: i !== 1,
}));
const setup = (userCoin: number) => ({ activeSpinwheel: { name: 'Lucky Wheel', slices }, userCoin });
const coupon = (n: number) => ({
  _id: `c${n}`,
  prize: { name: 'Lucky Wheel', slice: { label: `PRIZE ${n}`, htmlDescription: '' } },
  amount: n * 10,
  expiresAt: '2026-12-01T00:00:00.000Z',
});

beforeEach(async () => {
  await i18next.changeLanguage('en');
  await ensureSpinStrings('en');
});
afterEach(async () => {
  await i18next.changeLanguage('th');
});

describe('/user/spin', () => {
  it('ignores the centre button with 0 coins: no spin is sent', async () => {
    const calls = mockApi({
      'GET /api/spinwheel/setup': () => ({ body: setup(0) }),
      'GET /api/spinwheel/coupon': () => ({ body: [] }),
      'GET /api/wallet': () => ({ body: walletFixture({}) }),
    });
    renderWithProviders(<Spin />);
    const button = await screen.findByTestId('spin-button');
    expect(screen.getByTestId('spin-coins')).toHaveTextContent('0');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(screen.getByText('No coins left. Every 100 baht you deposit earns a coin.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/spinwheel/spin')).toHaveLength(0);
  });

  it('spins once for a double tap (ignored while spinning) and shows the coins the server left', async () => {
    const calls = mockApi({
      'GET /api/spinwheel/setup': () => ({ body: setup(3) }),
      'GET /api/spinwheel/coupon': () => ({ body: [] }),
      'GET /api/wallet': () => ({ body: walletFixture({}) }),
      'POST /api/spinwheel/spin': () => ({
        body: { success: true, result: { code: 'CASH_20', label: 'CASH_20', remainingCoin: 2 }, error: null },
      }),
    });
    renderWithProviders(<Spin />);
    const button = await screen.findByTestId('spin-button');
    await userEvent.dblClick(button);
    await waitFor(() => expect(screen.getByTestId('spin-coins')).toHaveTextContent('2'));
    await userEvent.click(button);
    expect(calls.filter((c) => c.path === '/api/spinwheel/spin')).toHaveLength(1);
  });

  it('pages the coupons 3 at a time, each with a claim button', async () => {
    mockApi({
      'GET /api/spinwheel/setup': () => ({ body: setup(1) }),
      'GET /api/spinwheel/coupon': () => ({ body: [1, 2, 3, 4, 5].map(coupon) }),
      'GET /api/wallet': () => ({ body: walletFixture({}) }),
    });
    renderWithProviders(<Spin />);
    expect(await screen.findAllByTestId('coupon-row')).toHaveLength(3);
    expect(screen.getAllByTestId('coupon-claim')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: /page 2/i }));
    expect(await screen.findByText('PRIZE 4')).toBeInTheDocument();
    expect(screen.getAllByTestId('coupon-row')).toHaveLength(2);
    await userEvent.click(screen.getAllByTestId('coupon-claim')[0]!);
    expect(await screen.findByTestId('claim-dialog')).toHaveTextContent('PRIZE 4');
  });
});
