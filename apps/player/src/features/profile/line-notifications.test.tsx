import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LineStatus } from '@wallet/contract/notify';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi, renderWithProviders } from '../../testing/mock-api.tsx';
import en from './locales/line/en.json';
import la from './locales/line/la.json';
import th from './locales/line/th.json';
import { LineNotifications } from './line-notifications.tsx';

const status = (over: Partial<LineStatus> = {}): LineStatus => ({
  isAvailable: true,
  isLinked: false,
  isFollowing: false,
  addFriendUrl: 'https://line.example/add',
  language: 'th',
  preferences: {
    depositCredited: true,
    withdrawalPaid: true,
    withdrawalRejected: true,
    bonusEnded: true,
    slipRefused: true,
    couponWon: true,
  },
  ...over,
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('LINE notifications section', () => {
  it('has the same strings in th, la and en', () => {
    expect(keysOf(la).sort()).toEqual(keysOf(th).sort());
    expect(keysOf(en).sort()).toEqual(keysOf(th).sort());
  });

  it('asks for a code in the interface language and shows it with the add-friend link', async () => {
    await i18next.changeLanguage('la');
    const calls = mockApi({
      'GET /api/notify/line': () => ({ status: 200, body: status() }),
      'POST /api/notify/line/code': () => ({
        status: 200,
        body: { code: 'ABCD2345', expiresAt: '2026-11-27T10:15:00.000Z', addFriendUrl: 'https://line.example/add' },
      }),
    });
    renderWithProviders(<LineNotifications />);
    await userEvent.click(await screen.findByTestId('line-link'));
    expect(await screen.findByTestId('line-code')).toHaveTextContent('ABCD2345');
    expect(screen.getByRole('link', { name: la.steps.addButton })).toHaveAttribute('href', 'https://line.example/add');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ language: 'la' });
  });

  it('linked: a switch turns one kind off; an unfollowed account is told to add it again', async () => {
    await i18next.changeLanguage('en');
    const calls = mockApi({
      'GET /api/notify/line': () => ({ status: 200, body: status({ isLinked: true, isFollowing: false }) }),
      'PUT /api/notify/line/preferences': () => ({
        status: 200,
        body: status({ isLinked: true, preferences: { ...status().preferences, bonusEnded: false } }),
      }),
    });
    renderWithProviders(<LineNotifications />);
    expect(await screen.findByText(en.unfollowed)).toBeVisible();
    await userEvent.click(screen.getByRole('switch', { name: en.kinds.bonusEnded }));
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: en.kinds.bonusEnded })).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ preferences: { bonusEnded: false } });
  });
});
