import { listSort, orderValue } from './list-sort.ts';
import { useListParams } from './use-list-params.ts';

type Sort<S extends string> = { id: S; dir: 'asc' | 'desc' };

/**
 * A sortable console list's state in the URL: `useListParams` with the page's filter keys and `order`, the order read
 * against the endpoint's whitelist (the contract's `…_SORTS`; anything else is `defaultSort`), and the `sort` /
 * `onSortChange` pair a `PagedTable` takes (`<PagedTable {...tableSort} />`). A header click changes the order and
 * goes back to page 1.
 */
export function useSortedList<F extends string, S extends string>(options: {
  filters: readonly F[];
  sorts: readonly S[];
  defaultSort: Sort<S>;
}) {
  const list = useListParams<F | 'order'>([...options.filters, 'order']);
  const sort = listSort(list.filters.order, options.sorts, options.defaultSort);
  const tableSort = { sort, onSortChange: (next: Sort<string>) => list.setFilter('order', orderValue(next)) };
  return { list, sort, tableSort };
}

/** A filter's URL text when it is one of `allowed` (a contract's status or channel list), else undefined. */
export const oneOf = <V extends string>(value: string, allowed: readonly V[]): V | undefined =>
  (allowed as readonly string[]).includes(value) ? (value as V) : undefined;

/** a member id, username or phone number (the server ignores spaces and dashes) */
const MEMBER_PATTERN = /^[0-9A-Za-z_. -]{1,40}$/;

/** The member filter's URL text when it can name a member, else undefined (the list is not filtered by it). */
export const memberOf = (value: string): string | undefined => (MEMBER_PATTERN.test(value) ? value : undefined);
