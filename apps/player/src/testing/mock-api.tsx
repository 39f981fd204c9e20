import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { listEndpoints } from '@wallet/contract/api';
import { ErrorBodySchema } from '@wallet/contract/common';
import type { Endpoint } from '@wallet/contract/endpoint';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, expect, vi } from 'vitest';
import { AlertHost } from '@wallet/ui/alert-host';

export type MockCall = { method: string; path: string; body: unknown };
type Answer = { status?: number; body: unknown };
type Handler = (call: MockCall) => Answer | Promise<Answer>;

/** The contract's endpoints as matchers: `/api/wallet/activate/:code` matches `/api/wallet/activate/pg`. */
const ENDPOINTS = listEndpoints().map(({ id, endpoint }) => ({
  id,
  endpoint,
  pattern: new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
}));
const endpointFor = (method: string, path: string): { id: string; endpoint: Endpoint } | undefined =>
  ENDPOINTS.find((e) => e.endpoint.method === method && e.pattern.test(path));

/** Answers that broke their endpoint's schema during the current test; afterEach fails the test on any. */
const violations: string[] = [];
afterEach(() => {
  // vitest runs without globals, so Testing Library's auto-cleanup is not registered
  cleanup();
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(`mock answers break the contract:\n${found.join('\n')}`);
});

/** What is wrong with one mocked answer by the contract (a 2xx body against the endpoint's response schema, else `{message}`), or undefined. */
export function contractViolation(method: string, path: string, answer: Answer): string | undefined {
  const match = endpointFor(method, path);
  if (!match) return `${method} ${path}: no such endpoint in the contract`;
  const status = answer.status ?? 200;
  const schema = status >= 200 && status < 300 ? match.endpoint.response : ErrorBodySchema;
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return undefined;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'} ${issue.message}`);
  return `${method} ${path} (${match.id}, ${status}): ${issues.join('; ')}`;
}

/**
 * Mocks the network only: `routes` maps "METHOD /path" to a handler. A route must be an endpoint of the
 * contract, and every answer must fit that endpoint's response schema (errors: `{message}`); a mock that
 * drifts from the contract fails its test. Unknown routes answer 404 NOT_FOUND. Returns the calls made.
 */
export function mockApi(routes: Record<string, Handler>): MockCall[] {
  for (const route of Object.keys(routes)) {
    const [method = '', path = ''] = route.split(' ');
    if (!endpointFor(method, path)) throw new Error(`mockApi: ${route} is not an endpoint of the contract`);
  }
  const calls: MockCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler) return Response.json({ message: 'NOT_FOUND' }, { status: 404 });
    const answer = await handler(call);
    const violation = contractViolation(method, path, answer);
    if (violation) violations.push(violation);
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  return calls;
}

/**
 * Renders inside a fresh query client (no retries), a memory router, the toaster and the alert host. The query
 * client is returned too, so a test can wait for a query's state instead of sleeping.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <Toaster />
      <AlertHost />
    </QueryClientProvider>,
  );
  return { ...rendered, queryClient };
}

/** Resolves once a query under `queryKey` (a prefix) has settled in the error state: its failure was handled. */
export async function waitForQueryError(queryClient: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  await vi.waitFor(() =>
    expect(queryClient.getQueryCache().find({ queryKey, exact: false })?.state.status).toBe('error'),
  );
}
