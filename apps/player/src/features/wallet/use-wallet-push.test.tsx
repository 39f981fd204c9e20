import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walletQueries } from '../../api/wallet.ts';
import { storage } from '../../lib/storage.ts';
import { useWalletPush } from './use-wallet-push.ts';

type Listener = (payload: unknown) => void;
const fake = vi.hoisted(() => ({
  connects: [] as Array<{ options: Record<string, unknown>; listeners: Map<string, Listener>; closed: boolean }>,
}));
vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const socket = { options, listeners: new Map<string, Listener>(), closed: false };
    fake.connects.push(socket);
    return {
      on: (event: string, listener: Listener) => socket.listeners.set(event, listener),
      close: () => {
        socket.closed = true;
      },
    };
  },
}));

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

beforeEach(() => {
  fake.connects.length = 0;
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => storage.clearToken());

describe('useWalletPush', () => {
  it('does not connect when signed out', async () => {
    const client = new QueryClient();
    const { unmount } = renderHook(() => useWalletPush(), { wrapper: wrapper(client) });
    // the import is asynchronous: give it the same chance a connect would have had
    await import('socket.io-client');
    await Promise.resolve();
    unmount();
    expect(fake.connects).toHaveLength(0);
  });

  it('connects with the session token and refetches the wallet on wallet.changed', async () => {
    storage.setToken('session-token', false);
    const client = new QueryClient();
    client.setQueryData(walletQueries.summary().queryKey, { stale: false } as never);
    const { unmount } = renderHook(() => useWalletPush(), { wrapper: wrapper(client) });
    await waitFor(() => expect(fake.connects).toHaveLength(1));
    expect(fake.connects[0]!.options).toMatchObject({ path: '/socket.io' });
    const auth = fake.connects[0]!.options.auth as (send: (data: unknown) => void) => void;
    storage.setToken('renewed-token', false);
    auth((data) => expect(data).toEqual({ kind: 'member', token: 'renewed-token' }));
    expect(client.getQueryState(walletQueries.summary().queryKey)?.isInvalidated).toBe(false);

    fake.connects[0]!.listeners.get('wallet.changed')!({ reason: 'ledger' });
    await waitFor(() => expect(client.getQueryState(walletQueries.summary().queryKey)?.isInvalidated).toBe(true));
    unmount();
    expect(fake.connects[0]!.closed).toBe(true);
  });

  it('refetches the wallet when the socket (re)connects, so a change made before it joined is not missed', async () => {
    storage.setToken('session-token', false);
    const client = new QueryClient();
    client.setQueryData(walletQueries.summary().queryKey, { stale: false } as never);
    const { unmount } = renderHook(() => useWalletPush(), { wrapper: wrapper(client) });
    await waitFor(() => expect(fake.connects).toHaveLength(1));
    expect(client.getQueryState(walletQueries.summary().queryKey)?.isInvalidated).toBe(false);
    fake.connects[0]!.listeners.get('connect')!(undefined);
    await waitFor(() => expect(client.getQueryState(walletQueries.summary().queryKey)?.isInvalidated).toBe(true));
    unmount();
  });

  it("keeps the contact tab's unread count: set by chat.unread, read again on (re)connect", async () => {
    storage.setToken('session-token', false);
    const client = new QueryClient();
    client.setQueryData(['chat', 'unread'], { count: 0 });
    const { unmount } = renderHook(() => useWalletPush(), { wrapper: wrapper(client) });
    await waitFor(() => expect(fake.connects).toHaveLength(1));
    fake.connects[0]!.listeners.get('chat.unread')!({ count: 2 });
    await waitFor(() => expect(client.getQueryData(['chat', 'unread'])).toEqual({ count: 2 }));
    fake.connects[0]!.listeners.get('connect')!(undefined);
    await waitFor(() => expect(client.getQueryState(['chat', 'unread'])?.isInvalidated).toBe(true));
    unmount();
  });

  it('a pushed unread count wins over a read that was already in flight with an older count', async () => {
    storage.setToken('session-token', false);
    const client = new QueryClient();
    const { unmount } = renderHook(() => useWalletPush(), { wrapper: wrapper(client) });
    await waitFor(() => expect(fake.connects).toHaveLength(1));
    let answer: (value: { count: number }) => void = () => undefined;
    const older = new Promise<{ count: number }>((resolve) => (answer = resolve));
    void client.prefetchQuery({ queryKey: ['chat', 'unread'], queryFn: () => older });
    fake.connects[0]!.listeners.get('chat.unread')!({ count: 2 });
    answer({ count: 1 });
    await waitFor(() => expect(client.getQueryData(['chat', 'unread'])).toEqual({ count: 2 }));
    await older;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.getQueryData(['chat', 'unread'])).toEqual({ count: 2 });
    unmount();
  });
});
