import { api } from '@wallet/contract/client-api.gen';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SLIP_PAGE_SIZE, STATEMENT_PAGE_SIZE } from '@wallet/contract/limits';
import type { STATEMENT_TYPES } from '@wallet/contract/statement';
import { call } from '../lib/api-client.ts';

type StatementType = (typeof STATEMENT_TYPES)[number];

/** The statement narrowed to one row type and/or month (`YYYY-MM`); the answer then carries totals in and out. */
export type StatementFilter = { type?: StatementType; month?: string };

const statementQueries = {
  all: ['statement'] as const,
  /** POST /api/statement {page, limit, type?, month?}: one page of transactions, newest first. */
  page: (page: number, filter: StatementFilter = {}, limit = STATEMENT_PAGE_SIZE) =>
    queryOptions({
      queryKey: ['statement', 'page', page, limit, filter.type ?? null, filter.month ?? null] as const,
      queryFn: ({ signal }) =>
        call(api.statement.statement, {
          body: {
            page,
            limit,
            ...(filter.type ? { type: filter.type } : {}),
            ...(filter.month ? { month: filter.month } : {}),
          },
          signal,
        }),
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

export const useStatementPage = (page: number, filter: StatementFilter = {}) =>
  useQuery(statementQueries.page(page, filter));

/** GET /api/statement/receipt/{id}: the references behind one row, read when its receipt opens. */
export const useReceipt = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['statement', 'receipt', id] as const,
    queryFn: ({ signal }) => call(api.statement.receipt, { params: { id }, signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
export const useSlipsPage = (page: number, enabled: boolean) => useQuery({ ...statementQueries.slips(page), enabled });

/** GET /api/statement/slip/reference/{reference}: a short-lived link to the member's own slip image. */
export const slipImageUrl = (reference: string) =>
  call(api.statement.slipReference, { params: { reference } }).then((r) => r.url);
