import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import type { BonusCondition, OverMaxBets } from '@wallet/contract/promotions';
import { useMoneyMutation } from '@wallet/web-core/use-money-mutation';
import { call } from '../lib/api-client.ts';

/** The running condition in the figures the player sees (docs/design.md §4: the rule, a progress bar, what ends it). */
export type ConditionProgress = {
  source: BonusCondition['source'];
  name: string;
  rule: BonusCondition['successRule'];
  base: number;
  /** turnover made (rule turnover) or the total balance (rule credit), against `target` */
  current: number;
  target: number;
  /** target / base (rule turnover) */
  multiple: number | null;
  /** target as a percentage of the base (rule credit) */
  successPercent: number | null;
  percentFail: number;
  failBelow: number;
  /** what a cancel takes back now: the bonus, or the whole balance (wallet, games, in flight) when less */
  forfeit: number;
  /** the most the player keeps after success (the rest goes back with the bonus), when the promotion caps it */
  maxWithdraw: number | null;
  /** the total balance (wallet, games, in flight) */
  balance: number;
  /** the largest bet that counts toward the turnover, and the bets above it (not counted) */
  maxBet: number | null;
  overMaxBets: OverMaxBets;
};

const twoDecimals = (n: number) => Math.round(n * 100) / 100;
const conditionView = (c: BonusCondition | null): ConditionProgress | null =>
  c && {
    source: c.source,
    name: c.name ?? '',
    rule: c.successRule,
    base: c.base,
    current: c.progress,
    target: c.target,
    multiple: c.successRule === 'turnover' && c.base > 0 ? twoDecimals(c.target / c.base) : null,
    successPercent: c.successRule === 'credit' && c.base > 0 ? twoDecimals((c.target / c.base) * 100) : null,
    percentFail: c.percentFail,
    failBelow: c.failBelow,
    forfeit: c.forfeitNow,
    maxWithdraw: c.maxWithdraw,
    balance: c.balance,
    maxBet: c.maxBet,
    overMaxBets: c.overMaxBets,
  };

/** Invite and refund tables show 10 rows a page (docs/spec.md §9). */
export const PROMO_PAGE_SIZE = 10;

/** Query keys start with the domain (docs/code-style.md §3). A claim or cancel invalidates `promotionQueries.all` and the wallet. */
export const promotionQueries = {
  all: ['promotions'] as const,
  bonuses: () =>
    queryOptions({
      queryKey: ['promotions', 'bonuses'] as const,
      queryFn: ({ signal }) => call(api.promotions.bonuses, { signal }),
    }),
  active: () =>
    queryOptions({
      queryKey: ['promotions', 'active'] as const,
      queryFn: ({ signal }) => call(api.promotions.bonusActive, { signal }),
    }),
  /** GET /api/bonus/condition: the running condition as the player sees it; null when none runs */
  progress: () =>
    queryOptions({
      queryKey: ['promotions', 'progress'] as const,
      queryFn: async ({ signal }) => conditionView((await call(api.promotions.bonusCondition, { signal })).condition),
      // the turnover job pulls bets every minute: follow it while the screen is open
      refetchInterval: 30_000,
    }),
  find: (code: string) =>
    queryOptions({
      queryKey: ['promotions', 'find', code] as const,
      queryFn: ({ signal }) => call(api.promotions.promotionFind, { params: { code }, signal }),
      retry: false,
    }),
  banners: (kind: 'invite' | 'refund') =>
    queryOptions({
      queryKey: ['promotions', 'banners', kind] as const,
      queryFn: ({ signal }) =>
        call(kind === 'invite' ? api.promotions.inviteBanners : api.promotions.refundBanners, { signal }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  invites: (page: number) =>
    queryOptions({
      queryKey: ['promotions', 'invites', page] as const,
      queryFn: ({ signal }) => call(api.promotions.invites, { body: { page, limit: PROMO_PAGE_SIZE }, signal }),
    }),
  refunds: (page: number) =>
    queryOptions({
      queryKey: ['promotions', 'refunds', page] as const,
      queryFn: ({ signal }) => call(api.promotions.refunds, { body: { page, limit: PROMO_PAGE_SIZE }, signal }),
    }),
  refundCheck: () =>
    queryOptions({
      queryKey: ['promotions', 'refund-check'] as const,
      queryFn: ({ signal }) => call(api.promotions.refundCheck, { signal }),
      retry: false,
    }),
  notice: () =>
    queryOptions({
      queryKey: ['lookup', 'notice'] as const,
      queryFn: ({ signal }) => call(api.lookup.notice, { signal }),
      staleTime: 5 * 60_000,
    }),
};

export const useBonuses = () => useQuery(promotionQueries.bonuses());
export const useActiveBonus = () => useQuery(promotionQueries.active());
export const useConditionProgress = (enabled = true) => useQuery({ ...promotionQueries.progress(), enabled });
export const useNotice = () => useQuery(promotionQueries.notice());

/** After any claim or cancel: the bonus state, the condition and the wallet are stale. */
function useRefreshAfterMove() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: promotionQueries.all }),
      queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    ]);
}

/** GET /api/bonus/activate/{code}: claim a bonus (starts its condition). */
export function useActivateBonus() {
  const onSettled = useRefreshAfterMove();
  return useMoneyMutation({
    mutationFn: (code: string, idempotencyKey: string) =>
      call(api.promotions.bonusActivate, { params: { code }, idempotencyKey }),
    onSettled,
  });
}

/** GET /api/promotion/activate/{code}: claim a promotion code. */
export function useActivatePromotion() {
  const onSettled = useRefreshAfterMove();
  return useMoneyMutation({
    mutationFn: (code: string, idempotencyKey: string) =>
      call(api.promotions.promotionActivate, { params: { code }, idempotencyKey }),
    onSettled,
  });
}

/** GET /api/bonus/clear: cancel the running condition, forfeiting the unplayed bonus. */
export function useClearBonus() {
  const onSettled = useRefreshAfterMove();
  return useMoneyMutation({
    mutationFn: (_body: null, idempotencyKey: string) => call(api.promotions.bonusClear, { idempotencyKey }),
    onSettled,
  });
}

/** GET /api/invite/bonus: the invite balance into the wallet. */
export function useReceiveInvite() {
  const onSettled = useRefreshAfterMove();
  return useMoneyMutation({
    mutationFn: (_body: null, idempotencyKey: string) => call(api.promotions.inviteBonus, { idempotencyKey }),
    onSettled,
  });
}

/** GET /api/refund/receive (claim yesterday's refund) and /api/refund/addWallet (into the wallet, starts a condition). */
export function useRefundMove(step: 'receive' | 'addWallet') {
  const onSettled = useRefreshAfterMove();
  return useMoneyMutation({
    mutationFn: (_body: null, idempotencyKey: string) =>
      call(step === 'receive' ? api.promotions.refundReceive : api.promotions.refundAddWallet, { idempotencyKey }),
    onSettled,
  });
}
