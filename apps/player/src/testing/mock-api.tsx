import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, vi } from 'vitest';
import { AlertHost } from '@wallet/ui/alert-host';

// vitest runs without globals, so Testing Library's auto-cleanup is not registered
afterEach(cleanup);

export type MockCall = { method: string; path: string; body: unknown };
type Handler = (call: MockCall) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * Mocks the network only: `routes` maps "METHOD /path" to a handler. Unknown routes answer 404 NOT_FOUND.
 * Returns the list of calls made, for assertions.
 */
export function mockApi(routes: Record<string, Handler>): MockCall[] {
  const calls: MockCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    const result = handler ? await handler(call) : { status: 404, body: { message: 'NOT_FOUND' } };
    return Response.json(result.body, { status: result.status ?? 200 });
  });
  return calls;
}

/** Renders inside a fresh query client (no retries), a memory router, the toaster and the alert host. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <Toaster />
      <AlertHost />
    </QueryClientProvider>,
  );
}
