import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transferOutcome, useTransfer } from './games.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);
const keysSent = () => vi.mocked(fetch).mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

afterEach(() => vi.restoreAllMocks());

describe('transferOutcome (docs/design.md §3 two-phase transfers)', () => {
  it('reads PENDING as being processed, anything else as success', () => {
    expect(transferOutcome({ status: 'PENDING', message: 'TRANSFER_PENDING' })).toBe('pending');
    expect(transferOutcome({ message: 'TRANSFER_PENDING' })).toBe('pending');
    expect(transferOutcome({ status: 'SUCCESS', message: 'SUCCESS' })).toBe('success');
  });
});

describe('useTransfer', () => {
  const body = { from: 'WALLET', to: 'pg', amount: 100 };

  it('resolves a PENDING answer to "pending", not to a failure', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ status: 'PENDING', message: 'TRANSFER_PENDING', transferId: 't1' }, { status: 202 }),
    );
    const { result } = renderHook(() => useTransfer(), { wrapper });
    await expect(act(() => result.current.run(body))).resolves.toBe('pending');
  });

  it('treats a TRANSFER_PENDING error body as being processed too', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ message: 'TRANSFER_PENDING' }, { status: 504 }));
    const { result } = renderHook(() => useTransfer(), { wrapper });
    await expect(act(() => result.current.run(body))).resolves.toBe('pending');
  });

  it('reuses one Idempotency-Key when the same action is retried after no answer, and starts a new one after an answer', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(Response.json({ status: 'SUCCESS', message: 'SUCCESS', transferId: 't1' }))
      .mockResolvedValueOnce(Response.json({ message: 'MONEY_NOT_ENOUGH' }, { status: 400 }))
      .mockResolvedValueOnce(Response.json({ status: 'SUCCESS', message: 'SUCCESS', transferId: 't2' }));
    const { result } = renderHook(() => useTransfer(), { wrapper });
    await expect(act(() => result.current.run(body))).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await expect(act(() => result.current.run(body))).resolves.toBe('success');
    await expect(act(() => result.current.run(body))).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    await expect(act(() => result.current.run({ ...body, amount: 50 }))).resolves.toBe('success');
    const [first, retry, next, changed] = keysSent();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(changed).not.toBe(next);
  });
});
