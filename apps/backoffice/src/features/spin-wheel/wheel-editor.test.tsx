import type { Wheel } from '@wallet/contract/admin/spinwheel';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WheelEditor } from './wheel-editor.tsx';

const adminCall = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', () => ({ adminCall }));

const slice = (code: string, weight: number, percent: number) => ({
  code,
  label: { th: code, la: code, en: code },
  description: { th: code, la: code, en: code },
  bgColor: '#112233',
  textColor: '#ffffff',
  weight,
  prizeType: 'credit' as const,
  amount: 10,
  couponHours: 72,
  condition: null,
  percent,
});
const live: Wheel = {
  id: 1,
  name: 'Live wheel',
  isActive: true,
  startsAt: null,
  endsAt: null,
  updatedAt: '2026-11-27T00:00:00Z',
  slices: [slice('A', 3, 75), slice('B', 1, 25)],
};

describe('WheelEditor: weights and the live wheel', () => {
  beforeEach(() => {
    adminCall.mockReset();
  });

  it('keeps a typed -5 (never 0), refuses to save it, and asks to confirm a live wheel with odds before and after', async () => {
    const user = userEvent.setup();
    adminCall.mockResolvedValue({ wheel: live });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WheelEditor wheel={live} onSaved={vi.fn()} />
      </QueryClientProvider>,
    );
    const weights = screen.getAllByRole('spinbutton', { name: 'Weight' });
    fireEvent.change(weights[1]!, { target: { value: '-5' } });
    expect(weights[1]).toHaveValue(-5);
    expect(weights[1]).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('whole number of 0 or more');
    expect(screen.getByTestId('wheel-save')).toBeDisabled();

    fireEvent.change(weights[1]!, { target: { value: '3' } });
    await user.click(screen.getByTestId('wheel-save'));
    const diff = await screen.findByTestId('wheel-odds-diff');
    const rows = within(diff).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['A75.00 %50.00 %', 'B25.00 %50.00 %']);
    expect(adminCall).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save live wheel' }));
    await vi.waitFor(() => expect(adminCall).toHaveBeenCalledTimes(1));
    expect(adminCall).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        params: { id: 1 },
        body: expect.objectContaining({
          slices: [expect.objectContaining({ weight: 3 }), expect.objectContaining({ weight: 3 })],
        }),
      }),
    );
  });
});
