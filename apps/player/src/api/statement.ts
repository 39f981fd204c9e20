import { api } from '@wallet/contract/client-api.gen';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SLIP_PAGE_SIZE, STATEMENT_PAGE_SIZE } from '@wallet/contract/limits';
import { call } from '../lib/api-client.ts';

const statementQueries = {
  all: ['statement'] as const,
  /** POST /api/statement {page, limit}: one page of transactions, newest first. */
  page: (page: number, limit = STATEMENT_PAGE_SIZE) =>
    queryOptions({
      queryKey: ['statement', 'page', page, limit] as const,
      queryFn: ({ signal }) => call(api.statement.statement, { body: { page, limit }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 0,
      retry: false,
    }),
  /** POST /api/statement/slip {page, limit}: one page of the member's slips, newest first. */
  slips: (page: number) =>
    queryOptions({
      queryKey: ['statement', 'slips', page] as const,
      queryFn: ({ signal }) => call(api.statement.slips, { body: { page, limit: SLIP_PAGE_SIZE }, signal }),
      placeholderData: keepPreviousData,
      staleTime: 0,
      retry: false,
    }),
};

export const useStatementPage = (page: number) => useQuery(statementQueries.page(page));
export const useSlipsPage = (page: number, enabled: boolean) => useQuery({ ...statementQueries.slips(page), enabled });

/** GET /api/statement/slip/reference/{reference}: a short-lived link to the member's own slip image. */
export const slipImageUrl = (reference: string) =>
  call(api.statement.slipReference, { params: { reference } }).then((r) => r.url);
