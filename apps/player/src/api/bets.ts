import { api } from '@wallet/contract/client-api.gen';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client.ts';

/** The bet history's filter: one game or all, a Bangkok day range (`YYYY-MM-DD`). */
export type BetFilter = { game?: string; from?: string; to?: string };

/** Query keys of the bet history and the deposit bonus choice (docs/code-style.md §3). */
const betQueries = {
  /** GET /api/bets: the member's own bets, newest first, one cursor page after the other. */
  history: (filter: BetFilter) =>
    infiniteQueryOptions({
      queryKey: ['bets', 'history', filter] as const,
      queryFn: ({ pageParam, signal }) =>
        call(api.bets.history, { query: { ...filter, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      retry: false,
    }),
  /** GET /api/bonus/deposit?amount: the bonuses the deposit sheet offers for this amount. */
  depositBonuses: (amount: number) =>
    queryOptions({
      queryKey: ['bets', 'deposit-bonuses', amount] as const,
      queryFn: ({ signal }) => call(api.bets.depositBonuses, { query: { amount }, signal }),
      staleTime: 10_000,
      retry: false,
    }),
};

export const useBetHistory = (filter: BetFilter) => useInfiniteQuery(betQueries.history(filter));
export const useDepositBonuses = (amount: number | null) =>
  useQuery({ ...betQueries.depositBonuses(amount ?? 0), enabled: amount !== null && amount > 0 });

/** GET /api/bonus/deposit/{depositId}: what became of the bonus chosen for a credited deposit. */
export const depositBonusOutcome = (depositId: string) =>
  call(api.bets.depositBonusOutcome, { params: { depositId } }).then((r) => r.outcome);
