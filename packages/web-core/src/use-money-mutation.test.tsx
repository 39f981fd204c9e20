import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api-client.ts';
import { useMoneyMutation } from './use-money-mutation.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

/** A request the test answers by hand; records the idempotency key of every request sent. */
function server() {
  const keys: string[] = [];
  const pending: { resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const mutationFn = vi.fn(
    (_body: { amount: number }, key: string) =>
      new Promise<string>((resolve, reject) => {
        keys.push(key);
        pending.push({ resolve, reject });
      }),
  );
  return { keys, pending, mutationFn };
}

describe('useMoneyMutation', () => {
  it('sends one request for a double tap and both taps see the first success', async () => {
    const api = server();
    const { result } = renderHook(() => useMoneyMutation({ mutationFn: api.mutationFn }), { wrapper });
    const onSuccess = vi.fn();
    const onError = vi.fn();
    let started: boolean[] = [];
    act(() => {
      // two taps in the same frame, before React re-renders isPending
      started = [
        result.current.submit({ amount: 100 }, { onSuccess, onError }),
        result.current.submit({ amount: 100 }, { onSuccess, onError }),
      ];
    });
    expect(started).toEqual([true, false]);
    const awaited = result.current.run({ amount: 100 });
    await waitFor(() => expect(api.mutationFn).toHaveBeenCalledTimes(1));
    await act(async () => api.pending[0]?.resolve('done-1'));
    await expect(awaited).resolves.toBe('done-1');
    expect(onSuccess.mock.calls).toEqual([['done-1']]);
    expect(onError).not.toHaveBeenCalled();
    expect(api.mutationFn).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.isPending).toBe(false));
  });

  it('reuses the Idempotency-Key when the player repeats after an unanswered failure', async () => {
    const api = server();
    const { result } = renderHook(() => useMoneyMutation({ mutationFn: api.mutationFn }), { wrapper });
    const onError = vi.fn();
    act(() => void result.current.submit({ amount: 100 }, { onError }));
    await waitFor(() => expect(api.pending).toHaveLength(1));
    await act(async () => api.pending[0]?.reject(new ApiError(NETWORK_ERROR, 0)));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));

    const onSuccess = vi.fn();
    act(() => void result.current.submit({ amount: 100 }, { onSuccess }));
    await waitFor(() => expect(api.pending).toHaveLength(2));
    await act(async () => api.pending[1]?.resolve('done'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('done'));
    expect(api.keys[1]).toBe(api.keys[0]);
  });

  it('starts a new key after an answered outcome (a new intent)', async () => {
    const api = server();
    const { result } = renderHook(() => useMoneyMutation({ mutationFn: api.mutationFn }), { wrapper });
    const first = result.current.run({ amount: 100 }).catch((error: unknown) => error);
    await waitFor(() => expect(api.pending).toHaveLength(1));
    await act(async () => api.pending[0]?.reject(new ApiError('MONEY_NOT_ENOUGH', 400)));
    await expect(first).resolves.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    const second = result.current.run({ amount: 100 });
    await waitFor(() => expect(api.pending).toHaveLength(2));
    await act(async () => api.pending[1]?.resolve('ok'));
    await expect(second).resolves.toBe('ok');
    expect(api.keys[1]).not.toBe(api.keys[0]);
  });
});
