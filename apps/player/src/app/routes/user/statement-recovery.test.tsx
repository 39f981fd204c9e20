import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { mockApi } from '../../../testing/mock-api.tsx';
import { Component as Statement } from './statement.tsx';

const row = (index: number) => ({
  _id: `s${index}`,
  statementType: 'transfer' as const,
  from: 'WALLET',
  to: 'pg',
  amount: 100,
  status: 'SUCCESS',
  createdAt: '2026-11-21T06:00:00.000Z',
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/user/statement', Component: Statement }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => i18next.changeLanguage('en'));
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18next.changeLanguage('th');
});

describe('statement route', () => {
  it('clamps ?page past the last page to the last page', async () => {
    // 25 rows: 3 pages of 10
    const calls = mockApi({
      'POST /api/statement': ({ body }) => {
        const { page } = body as { page: number };
        const rows = Array.from({ length: 25 }, (_, index) => row(index)).slice((page - 1) * 10, page * 10);
        return { body: { total: 25, statements: rows } };
      },
    });
    const router = renderAt('/user/statement?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(calls.some((c) => (c.body as { page?: number } | undefined)?.page === 3)).toBe(true));
    expect(await screen.findByTestId('statement-list')).toBeInTheDocument();
  });

  it('with no rows at all, ?page=4 goes to the first page', async () => {
    mockApi({ 'POST /api/statement': () => ({ body: { total: 0, statements: [] } }) });
    const router = renderAt('/user/statement?page=4');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a failed load offers a retry instead of an empty screen', async () => {
    let fail = true;
    mockApi({
      'POST /api/statement': () =>
        fail ? { status: 500, body: { message: 'INTERNAL_ERROR' } } : { body: { total: 1, statements: [row(1)] } },
    });
    renderAt('/user/statement');
    const retry = await screen.findByTestId('load-failed-retry');
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByTestId('statement-list')).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });
});
