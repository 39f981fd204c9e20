import { QueryClient } from '@tanstack/react-query';

/** The query defaults every app shares: one retry for reads, none for writes, no refetch on focus. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
