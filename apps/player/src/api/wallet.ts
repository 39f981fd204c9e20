import { api } from '@wallet/contract/client-api.gen';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GameCredentials, TransferRequest, Wallet } from '@wallet/contract/wallet';
import type { WALLET_CODE } from '@wallet/contract/limits';
import { ApiError } from '@wallet/web-core/api-client';
import { useMoneyMutation } from '@wallet/web-core/use-money-mutation';
import { call } from '../lib/api-client.ts';
import { storage } from '../lib/storage.ts';

/** Query keys start with the domain (STYLE.md §3): invalidate `walletQueries.all` after any money move. */
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
const spinActiveQuery = () =>
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

export type TransferOutcome = 'success' | 'pending';

/** DESIGN.md §3: a game transfer whose provider answer is unknown is PENDING: "being processed", not a failure. */
export function transferOutcome(response: { status?: string; message?: string }): TransferOutcome {
  return response.status === 'PENDING' || response.message === 'TRANSFER_PENDING' ? 'pending' : 'success';
}

/** A PENDING answer that arrives as an error body is still "being processed". */
function isPendingError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'TRANSFER_PENDING';
}

/** POST /api/wallet/transfer, once per intent (useMoneyMutation); resolves to 'success' or 'pending'. */
export const useTransfer = () =>
  useMoneyMutation({
    mutationFn: async (body: TransferRequest, idempotencyKey: string): Promise<TransferOutcome> => {
      try {
        return transferOutcome(await call(api.wallet.transfer, { body, idempotencyKey }));
      } catch (error) {
        if (isPendingError(error)) return 'pending';
        throw error;
      }
    },
  });

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

/**
 * Activate and reset answer credentials. Sent once per intent like a money action (useMoneyMutation: a second tap
 * while the first runs sends nothing); these GET endpoints take no Idempotency-Key, so the key is unused.
 */
function useCredentialsMutation(endpoint: typeof api.wallet.activate | typeof api.wallet.resetPassword) {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: async (code: string): Promise<GameCredentials> => {
      const credentials = await call(endpoint, { params: { code } });
      queryClient.setQueryData(walletQueries.credentials(code).queryKey, credentials);
      if (endpoint === api.wallet.activate)
        void queryClient.invalidateQueries({ queryKey: walletQueries.summary().queryKey });
      return credentials;
    },
  });
}

/** GET /api/wallet/activate/:code: open a game account (answers its credentials). */
export const useActivateGame = () => useCredentialsMutation(api.wallet.activate);
/** GET /api/wallet/resetpassword/:code: a new game password (answers the new credentials). */
export const useResetGamePassword = () => useCredentialsMutation(api.wallet.resetPassword);
/** GET /api/wallet/account/:code: credentials of an active game account. */
export const useGameCredentials = (code: string, isEnabled: boolean) =>
  useQuery({ ...walletQueries.credentials(code), enabled: isEnabled });

/** GET /api/autoLogin/:game/:username: a single-use launch link. */
export const fetchLaunchLink = (game: string, username: string) =>
  call(api.wallet.autoLogin, { params: { game, username } }).then((response) => response.link);
