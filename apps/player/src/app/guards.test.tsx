import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import { storage } from '../lib/storage.ts';
import { mockApi } from '../testing/mock-api.tsx';
import { routes } from './router.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('route guards (real route table)', () => {
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
    sessionStorage.clear();
    await i18next.changeLanguage('th');
  });

  it('sends /user/home without a token to /login', async () => {
    mockApi({ 'GET /api/lookup/active': () => ({ body: { active: true } }) });
    const router = renderAt('/user/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends / without a token to /login (via /user)', async () => {
    mockApi({ 'GET /api/lookup/active': () => ({ body: { active: true } }) });
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lets a member with a token into /user/* and renders the member shell', async () => {
    storage.setToken('tok', true);
    mockApi({});
    const router = renderAt('/user/bonus');
    expect(await screen.findByTestId('logout')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/bonus');
  });

  it('clears the token on entering the signed-out shell', async () => {
    storage.setToken('tok', true);
    mockApi({ 'GET /api/lookup/active': () => ({ body: { active: true } }) });
    const router = renderAt('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    await waitFor(() => expect(storage.getToken()).toBeNull());
  });

  it('goes to /terminated when /login finds the site gone', async () => {
    mockApi({ 'GET /api/lookup/active': () => ({ status: 410, body: { message: 'gone' } }) });
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terminated'));
    expect(await screen.findByTestId('terminated')).toBeInTheDocument();
  });

  it('renders the 404 page for an unknown path', async () => {
    mockApi({});
    renderAt('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ไม่พบหน้าที่คุณต้องการ');
  });
});
