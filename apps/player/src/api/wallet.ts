import { api } from '@wallet/contract/client-api.gen';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wallet } from '@wallet/contract/wallet';
import type { WALLET_CODE } from '@wallet/contract/limits';
import { useMoneyMutation } from '@wallet/web-core/use-money-mutation';
import { call } from '../lib/api-client.ts';
import { storage } from '../lib/storage.ts';

/** Query keys start with the domain (docs/code-style.md §3): invalidate `walletQueries.all` after any money move. */
export const walletQueries = {
  all: ['wallet'] as const,
  summary: () =>
    queryOptions({
      queryKey: ['wallet', 'summary'] as const,
      queryFn: ({ signal }) => call(api.wallet.wallet, { signal }),
    }),
  credentials: (code: string) =>
    queryOptions({
      queryKey: ['wallet', 'account', code] as const,
      queryFn: ({ signal }) => call(api.wallet.account, { params: { code }, signal }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
};

/** GET /api/spinwheel/active for the home widget: any failure (501 until the wheel lands) counts as inactive. */
export const spinActiveQuery = () =>
  queryOptions({
    queryKey: ['spinwheel', 'active'] as const,
    queryFn: async ({ signal }) => {
      try {
        return (await call(api.spinwheel.active, { signal })).active === true;
      } catch {
        return false;
      }
    },
    retry: false,
    staleTime: 60_000,
  });

export const useWallet = () => useQuery(walletQueries.summary());
export const useSpinActive = () => useQuery(spinActiveQuery()).data === true;

/** POST /api/wallet/transferAll {to:'WALLET'}: collect every game balance back to the wallet. */
export function useCollectAll() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (body: { to: typeof WALLET_CODE }, idempotencyKey: string) =>
      call(api.wallet.transferAll, { body, idempotencyKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueries.summary().queryKey }),
  });
}

/** GET /api/wallet/refresh/slot: fresh game balances into the cached wallet; remembers the sync time. */
export function useRefreshBalances() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.wallet.refreshSlot),
    onSuccess: (fresh) => {
      queryClient.setQueryData<Wallet>(walletQueries.summary().queryKey, (old) =>
        old ? { ...old, slots: fresh.slots, updatedAt: fresh.updatedAt } : old,
      );
      storage.setLastSync(fresh.updatedAt || new Date().toISOString());
    },
  });
}
