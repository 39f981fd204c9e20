import { api } from '@wallet/contract/client-api.gen';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GameCredentials, TransferRequest } from '@wallet/contract/wallet';
import { ApiError } from '@wallet/web-core/api-client';
import { useMoneyMutation } from '@wallet/web-core/use-money-mutation';
import { call } from '../lib/api-client.ts';
import { walletQueries } from './wallet.ts';

// Game transfers and game accounts: only the transfer and game dialogs use these, so they stay out of home's
// first load (the dialogs are lazy).

export type TransferOutcome = 'success' | 'pending';

/** docs/design.md §3: a game transfer whose provider answer is unknown is PENDING: "being processed", not a failure. */
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
