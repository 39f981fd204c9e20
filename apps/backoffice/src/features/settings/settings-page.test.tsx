import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';
import SettingsPage from './settings-page.tsx';

type ContractMock = ReturnType<typeof contractMock>;
const api = vi.hoisted(() => ({ current: null as null | ContractMock }));
const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@wallet/web-core/toast', () => ({
  notify: Object.fromEntries(
    ['error', 'success', 'info', 'warning', 'message'].map((k) => [k, (m: string) => toasts.push(m)]),
  ),
}));
vi.mock('../../lib/api.ts', () => ({
  adminCall: (endpoint: never, input: never) => api.current!.adminCall(endpoint, input),
}));

const item = (key: string, group: string, value: unknown, units: Record<string, string> = {}) => ({
  key,
  group,
  value,
  units,
  pending: null,
});
const LIST = {
  settings: [
    item('siteStatus', 'site', 'active'),
    item(
      'withdrawLimits',
      'withdrawals',
      { withdrawMin: 100, withdrawMax: 50_000, perDayCount: 10, perDayAmount: 500_000 },
      {
        withdrawMin: 'THB',
        withdrawMax: 'THB',
        perDayCount: 'count',
        perDayAmount: 'THB',
      },
    ),
    item('adjustmentApprovalAbove', 'fourEyes', 5_000, { '': 'THB' }),
    item('agreements', 'content', ['<h3>Rules</h3><p onclick="steal()">Be <b>fair</b></p><script>alert(1)</script>']),
    item(
      'chatGuestLimits',
      'abuse',
      {
        newIdsPerAddress: 10,
        newIdsWindowMinutes: 10,
        messagesPerAddress: 30,
        messagesWindowMinutes: 1,
        openConversationsPerAddress: 3,
      },
      {
        newIdsWindowMinutes: 'minutes',
      },
    ),
  ],
};

beforeEach(() => {
  toasts.length = 0;
  // contract-checked: the page's calls are parsed by the admin descriptors' schemas, the answers by their responses
  api.current = contractMock({
    'admin.settings.list': () => LIST,
    'admin.settings.update': ({ params, body }) => ({
      key: (params as { key: string }).key,
      value: (body as { value: unknown }).value,
      pending: null,
    }),
  });
});

async function renderAt(key: string, lng: 'en' | 'th' = 'en') {
  await i18next.changeLanguage(lng);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/settings?key=${key}`]}>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('settings page', () => {
  it('groups settings by what they govern, each group described; nothing under "Other"', async () => {
    await renderAt('withdrawLimits');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByText('Withdrawals')).toBeInTheDocument();
    expect(within(nav).getByText('Four eyes')).toBeInTheDocument();
    expect(within(nav).getByText('Abuse limits')).toBeInTheDocument();
    expect(within(nav).getByText(/Amounts above which a second operator must approve/)).toBeInTheDocument();
    expect(within(nav).queryByText('Other')).toBeNull();
  });

  it('shows each number with its unit and keeps Save in a sticky footer', async () => {
    await renderAt('withdrawLimits');
    const form = await screen.findByTestId('setting-withdrawLimits');
    expect(
      within(form)
        .getAllByTestId('setting-unit')
        .map((u) => u.textContent),
    ).toEqual(['THB', 'THB', 'count', 'THB']);
    expect(screen.getByTestId('setting-footer')).toHaveClass('sticky', 'bottom-0');
    expect(within(screen.getByTestId('setting-footer')).getByTestId('setting-save')).toBeInTheDocument();
  });

  it('reads in Thai: group names and units', async () => {
    await renderAt('adjustmentApprovalAbove', 'th');
    const form = await screen.findByTestId('setting-adjustmentApprovalAbove');
    expect(within(form).getByTestId('setting-unit')).toHaveTextContent('บาท');
    expect(screen.getByText('สี่ตา (อนุมัติสองคน)')).toBeInTheDocument();
  });

  it('edits content HTML in a multi-line box beside the preview the player would render (sanitised)', async () => {
    await renderAt('agreements');
    const form = await screen.findByTestId('setting-agreements');
    const box = within(form).getByRole('textbox');
    expect(box.tagName).toBe('TEXTAREA');
    const preview = within(form).getByTestId('content-preview');
    expect(within(preview).getByRole('heading', { name: 'Rules' })).toBeInTheDocument();
    expect(preview.querySelector('script, [onclick]')).toBeNull();
    expect(preview).toHaveTextContent('Be fair');
    fireEvent.change(box, { target: { value: '<p>Updated <i>text</i></p>' } });
    expect(preview).toHaveTextContent('Updated text');
    expect(preview.querySelector('i')).not.toBeNull();
  });

  it('saves a changed setting at once (not a four-eyes key) with the whole value, and says so', async () => {
    await renderAt('chatGuestLimits');
    const form = await screen.findByTestId('setting-chatGuestLimits');
    const field = within(form).getByDisplayValue('30');
    fireEvent.change(field, { target: { value: '45' } });
    fireEvent.click(within(screen.getByTestId('setting-footer')).getByTestId('setting-save'));
    await vi.waitFor(() => expect(toasts).toEqual(['Setting saved']));
    const update = api.current!.calls.find((c) => c.id === 'admin.settings.update')!;
    expect(update.input).toEqual({
      params: { key: 'chatGuestLimits' },
      body: {
        value: {
          newIdsPerAddress: 10,
          newIdsWindowMinutes: 10,
          messagesPerAddress: 45,
          messagesWindowMinutes: 1,
          openConversationsPerAddress: 3,
        },
      },
    });
  });
});
