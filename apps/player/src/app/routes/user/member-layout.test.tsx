import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { storage } from '../../../lib/storage.ts';
import { mockApi, renderWithProviders } from '../../../testing/mock-api.tsx';
import { Component as MemberLayout } from './member-layout.tsx';

type Listener = (payload: unknown) => void;
const fake = vi.hoisted(() => ({ listeners: new Map<string, Listener>() }));
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, listener: Listener) => fake.listeners.set(event, listener),
    close: () => undefined,
  }),
}));

beforeEach(async () => {
  fake.listeners.clear();
  storage.setToken('session-token', false);
  await i18next.changeLanguage('en');
});
afterEach(async () => {
  storage.clearToken();
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('member shell', () => {
  it('a notification pushed while the statement is open shows its toast there (not only on home)', async () => {
    mockApi({
      'GET /api/inbox/unread': () => ({ body: { unread: 0 } }),
      'GET /api/chat/unread': () => ({ body: { count: 0 } }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/user" Component={MemberLayout}>
          <Route path="statement" element={<p>statement screen</p>} />
        </Route>
      </Routes>,
      { route: '/user/statement' },
    );
    expect(await screen.findByText('statement screen')).toBeInTheDocument();
    await vi.waitFor(() => expect(fake.listeners.has('inbox.added')).toBe(true));
    fake.listeners.get('inbox.added')!({
      entry: {
        id: '7',
        kind: 'deposit_credited',
        params: { amount: '1500.00', currency: 'THB', id: 'D1' },
        createdAt: '2026-11-28T01:00:00.000Z',
        isRead: false,
      },
      unread: 1,
    });
    expect(await screen.findByText('Deposit credited')).toBeInTheDocument();
  });
});
