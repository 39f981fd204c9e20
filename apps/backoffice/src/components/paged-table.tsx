import type { Page } from '@wallet/contract/admin/paging';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListParams } from '../lib/use-list-params.ts';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { DateRangeFilter, type DayRange } from './date-range-filter.tsx';

/**
 * One paged admin list read with the URL's page, page size and days (`useListParams`) plus the page's own filters:
 * the key is `[...key, list.query, filters]`, so invalidating `key` refreshes every page of it; the old page stays
 * on screen while the next one loads.
 */
export function usePagedQuery<TData, TFilters extends object = Record<never, never>>(
  key: readonly unknown[],
  list: Pick<ListParams, 'query'>,
  fetch: (query: ListParams['query'] & TFilters) => Promise<TData>,
  filters: TFilters = {} as TFilters,
  options: { refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: [...key, list.query, filters],
    queryFn: () => fetch({ ...list.query, ...filters }),
    placeholderData: keepPreviousData,
    ...options,
  });
}

type PagedTableProps<T> = Omit<
  DataTableProps<T>,
  'data' | 'isLoading' | 'isFetching' | 'error' | 'onRetry' | 'onPageChange' | 'onPageSizeChange'
> & {
  /** the list's state in the URL: the pager and page size write it back */
  list: Pick<ListParams, 'setPage' | 'setPageSize'> & { days: DayRange; setDays: (days: DayRange) => void };
  /** the page from `usePagedQuery` (its loading, refetching and error states drive the table's) */
  query: Pick<UseQueryResult<Page<T>>, 'data' | 'isPending' | 'isFetching' | 'error' | 'refetch'>;
  /** a list inside a tab (no page header of its own): the date range filter stands above the table */
  hasDateFilter?: boolean;
  /** with the date range filter: a line of help beside it */
  hint?: ReactNode;
};

/**
 * A `DataTable` wired to a paged query and the list's state (the URL's, or a tab's own): page, page size, and with
 * `hasDateFilter` the days.
 */
export function PagedTable<T>({ list, query, hasDateFilter = false, hint, ...table }: PagedTableProps<T>) {
  const grid = (
    <DataTable
      {...table}
      data={query.data}
      isLoading={query.isPending}
      isFetching={query.isFetching && !query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
    />
  );
  if (!hasDateFilter) return grid;
  const dates = <DateRangeFilter value={list.days} onChange={list.setDays} />;
  return (
    <div className="flex flex-col gap-3">
      {hint === undefined ? (
        dates
      ) : (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <p className="max-w-2xl text-sm text-muted">{hint}</p>
          {dates}
        </div>
      )}
      {grid}
    </div>
  );
}
