import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { mockApi } from '../../testing/mock-api.tsx';
import { Component as Login } from './login.tsx';

function renderLogin(state?: unknown) {
  const router = createMemoryRouter([{ path: '/login', Component: Login }], {
    initialEntries: [{ pathname: '/login', state }],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => i18next.changeLanguage('en'));
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('login route', () => {
  it('is prefilled with the phone just registered', () => {
    mockApi({});
    renderLogin({ phone: '0898765432' });
    expect(screen.getByLabelText('Phone number')).toHaveValue('0898765432');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('starts empty without that state', () => {
    mockApi({});
    renderLogin();
    expect(screen.getByLabelText('Phone number')).toHaveValue('');
  });

  it('says why when the server ended the session (a password change or a sign-out on another device)', () => {
    mockApi({});
    renderLogin({ isSessionEnded: true });
    expect(screen.getByTestId('session-ended')).toHaveTextContent(
      'You were signed out: your password was changed or your session was ended on another device.',
    );
  });

  it('says nothing of it on an ordinary visit', () => {
    mockApi({});
    renderLogin();
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });
});
