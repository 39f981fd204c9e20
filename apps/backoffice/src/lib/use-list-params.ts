import { PAGE_SIZES } from '@wallet/contract/admin/paging';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { instantRange, isDay, type Day } from './bangkok.ts';

/**
 * A server-paginated list's state in the URL (`?page=2&pageSize=50&from=2026-11-01&to=2026-11-23&status=x`): a
 * reload or a shared link shows the same rows. Changing a filter goes back to page 1.
 */
export function useListParams<F extends string = never>(filterKeys: readonly F[] = []) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const sizeParam = Number.parseInt(search.get('pageSize') ?? '', 10);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : PAGE_SIZES[0];
  const fromParam = search.get('from');
  const toParam = search.get('to');
  const from: Day | undefined = isDay(fromParam) ? fromParam : undefined;
  const to: Day | undefined = isDay(toParam) ? toParam : undefined;
  const filterText = filterKeys.map((k) => `${k}=${search.get(k) ?? ''}`).join('&');
  const filters = useMemo(
    () => Object.fromEntries(filterKeys.map((k) => [k, search.get(k) ?? ''])) as Record<F, string>,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filterText is the filters' identity
    [filterText],
  );

  const update = useCallback(
    (change: Record<string, string | number | undefined>, keepPage = false) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(change)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!keepPage) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  return {
    page,
    pageSize,
    /** the Bangkok days picked (for the DateRangeFilter) */
    days: { from, to },
    filters,
    /** what the admin list endpoints take: page, pageSize, from/to instants */
    query: { page, pageSize, ...instantRange({ from, to }) },
    setPage: (next: number) => update({ page: next > 1 ? next : undefined }, true),
    setPageSize: (next: number) => update({ pageSize: next }),
    setDays: (days: { from?: Day | undefined; to?: Day | undefined }) => update({ from: days.from, to: days.to }),
    setFilter: (key: F, value: string) => update({ [key]: value }),
  };
}

/** What `useListParams` returns (the filter-independent part: page, size, days, the endpoint query). */
export type ListParams = ReturnType<typeof useListParams>;
