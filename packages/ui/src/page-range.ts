import { PAGINATION_AFTER, PAGINATION_BEFORE } from '@wallet/contract/limits';

/** The page numbers a pagination bar shows: up to 3 before the current page and 1 after (docs/spec.md §9). */
export function pageRange(
  page: number,
  totalPages: number,
  before = PAGINATION_BEFORE,
  after = PAGINATION_AFTER,
): number[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const first = Math.max(1, current - before);
  const last = Math.min(totalPages, current + after);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
