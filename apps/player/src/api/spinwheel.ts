import { api } from '@wallet/contract/client-api.gen';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMoneyMutation } from '@wallet/web-core/use-money-mutation';
import { call } from '../lib/api-client.ts';

/** Query keys start with the domain (docs/code-style.md §3); the home widget's `['spinwheel','active']` lives in wallet.ts. */
const spinQueries = {
  all: ['spinwheel'] as const,
  setup: () =>
    queryOptions({
      queryKey: ['spinwheel', 'setup'] as const,
      queryFn: ({ signal }) => call(api.spinwheel.setup, { signal }),
      staleTime: 0,
    }),
  coupons: () =>
    queryOptions({
      queryKey: ['spinwheel', 'coupons'] as const,
      queryFn: ({ signal }) => call(api.spinwheel.coupons, { signal }),
      staleTime: 0,
    }),
  odds: () =>
    queryOptions({
      queryKey: ['spinwheel', 'odds'] as const,
      queryFn: ({ signal }) => call(api.spinwheel.odds, { signal }),
      staleTime: 60_000,
    }),
};

export const useSpinSetup = () => useQuery(spinQueries.setup());
export const useCoupons = () => useQuery(spinQueries.coupons());
export const useSpinOdds = () => useQuery(spinQueries.odds());

/** docs/spec.md §4: closing the prize or claim modal reloads the wheel state (coins, coupons) and the wallet. */
export function useReloadSpin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: spinQueries.all }),
      queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    ]);
}

/** POST /api/spinwheel/spin, once per click (the result is stored server-side under this intent's key). */
export const useSpin = () =>
  useMoneyMutation({
    mutationFn: (_body: null, idempotencyKey: string) => call(api.spinwheel.spin, { idempotencyKey }),
  });

/** POST /api/spinwheel/coupon/claim {coupon}. */
export const useClaimCoupon = () =>
  useMoneyMutation({
    mutationFn: (body: { coupon: string }, idempotencyKey: string) =>
      call(api.spinwheel.claim, { body, idempotencyKey }),
  });
