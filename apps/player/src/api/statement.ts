import { api } from '@wallet/contract/client-api.gen';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STATEMENT_PAGE_SIZE } from '@wallet/contract/limits';
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
};

export const useStatementPage = (page: number) => useQuery(statementQueries.page(page));
