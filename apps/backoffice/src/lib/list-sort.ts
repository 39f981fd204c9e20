/**
 * A list's server-side order in the URL: one value `?order=amount.desc` for a key of the endpoint's whitelist (the
 * contract's `…_SORTS`) and its direction; anything else in the URL falls back to the list's default order.
 */
export function listSort<S extends string>(
  order: string,
  sorts: readonly S[],
  fallback: { id: S; dir: 'asc' | 'desc' },
): { id: S; dir: 'asc' | 'desc' } {
  const [id, dir] = order.split('.');
  if (!(sorts as readonly string[]).includes(id ?? '')) return fallback;
  return { id: id as S, dir: dir === 'asc' ? 'asc' : 'desc' };
}

/** The URL value of an order (for `list.setFilter('order', …)`). */
export const orderValue = (sort: { id: string; dir: 'asc' | 'desc' }): string => `${sort.id}.${sort.dir}`;
