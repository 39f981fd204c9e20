import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ResponsiblePlay } from '@wallet/contract/responsible-play';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import { ResponsiblePlayScreen } from './responsible-play-screen.tsx';

const KINDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'reality_check',
] as const;
const view = (
  patch: Partial<Record<(typeof KINDS)[number], object>> = {},
  running: ResponsiblePlay['break'] = null,
) => ({
  limits: KINDS.map((kind) => ({
    kind,
    value: null,
    pending: null,
    used: kind === 'reality_check' ? null : 0,
    ...patch[kind],
  })),
  break: running,
});

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('responsible play screen', () => {
  it('shows a limit with what the period used and a pending raise with its time; saving sends the new value', async () => {
    const calls = mockApi({
      'GET /api/responsible-play': () => ({
        body: view({
          deposit_day: {
            value: 1000,
            used: 600,
            pending: { value: 5000, effectiveAt: '2026-11-22T05:00:00.000Z' },
          },
        }),
      }),
      'POST /api/responsible-play/limit': () => ({ body: view({ deposit_week: { value: 300, used: 0 } }) }),
    });
    renderWithProviders(<ResponsiblePlayScreen unit="THB" />);
    expect(await screen.findByTestId('rp-deposit_day-value')).toHaveTextContent('1,000.00 THB');
    expect(screen.getByTestId('rp-deposit_day')).toHaveTextContent('Used 600.00 THB of 1,000.00 THB');
    expect(screen.getByTestId('rp-deposit_day-pending')).toHaveTextContent('Changes to 5,000.00 THB on 22/11/2026');
    expect(screen.getByTestId('rp-loss_day-value')).toHaveTextContent('No limit');

    const user = userEvent.setup();
    expect(screen.getByTestId('rp-deposit_week-save')).toBeDisabled();
    await user.type(screen.getByTestId('rp-deposit_week-input'), '300');
    await user.click(screen.getByTestId('rp-deposit_week-save'));
    await vi.waitFor(() => expect(calls.at(-1)?.body).toEqual({ kind: 'deposit_week', value: 300 }));
    expect(await screen.findByText('300.00 THB')).toBeInTheDocument();
  });

  it('a break starts only after the second, explicit confirmation; a running one shows when it ends', async () => {
    const calls = mockApi({
      'GET /api/responsible-play': () => ({ body: view() }),
      'POST /api/responsible-play/break': () => ({
        body: view({}, { kind: 'cooling_off', until: '2026-11-28T05:00:00.000Z' }),
      }),
    });
    renderWithProviders(<ResponsiblePlayScreen unit="THB" />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('rp-cooling-7'));
    await user.click(screen.getByTestId('rp-break-start'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByTestId('rp-break-confirm'));
    expect(await screen.findByTestId('rp-break-running')).toHaveTextContent(
      'You are on a cooling-off until 28/11/2026',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'cooling_off', days: 7 });
  });

  it('shows a refusal with the time it lifts', async () => {
    mockApi({
      'GET /api/responsible-play': () => ({
        body: view({}, { kind: 'self_exclusion', until: '2027-05-21T05:00:00.000Z' }),
      }),
      'POST /api/responsible-play/break': () => ({
        status: 403,
        body: { message: 'SELF_EXCLUDED', reason: 'UNTIL', values: { until: '2027-05-21 12:00' } },
      }),
    });
    renderWithProviders(<ResponsiblePlayScreen unit="THB" />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('rp-cooling-42'));
    await user.click(screen.getByTestId('rp-break-start'));
    await user.click(screen.getByTestId('rp-break-confirm'));
    expect(await screen.findByText(/You are self-excluded until 2027-05-21 12:00/)).toBeInTheDocument();
  });
});
