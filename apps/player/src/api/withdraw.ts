import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import { useMoneyMutation } from '@wallet/web-core/use-money-mutation';
import { call } from '../lib/api-client.ts';

/** GET /api/lookup/withdraw: the bounds of one withdrawal (whole baht), fresh each time the modal opens. */
export const useWithdrawLookup = () =>
  useQuery(
    queryOptions({
      queryKey: ['lookup', 'withdraw'] as const,
      queryFn: ({ signal }) => call(api.lookup.withdraw, { signal }),
      staleTime: 60_000,
    }),
  );

/** POST /api/wallet/withdraw, once per intent (useMoneyMutation: the same idempotency key on a repeat). */
export const useWithdraw = () =>
  useMoneyMutation({
    mutationFn: (body: { amount: number }, idempotencyKey: string) =>
      call(api.wallet.withdraw, { body, idempotencyKey }),
  });

/**
 * POST /api/wallet/withdraw/:id/cancel: the member cancels a withdrawal still waiting for review (the same key on a
 * repeat); the statement and the wallet are stale after it, whatever the answer.
 */
export function useWithdrawCancel() {
  const queryClient = useQueryClient();
  return useMoneyMutation({
    mutationFn: (body: { id: string }, idempotencyKey: string) =>
      call(api.wallet.withdrawCancel, { params: body, idempotencyKey }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['statement'] }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
