import { z } from 'zod';

/**
 * Server-side paging and date filters shared by every admin list (the back office's DataTable speaks this shape).
 * `from`/`to` are instants (ISO 8601 with offset); the console sends Bangkok day bounds (`from` inclusive, `to`
 * exclusive).
 */
export const PAGE_SIZES = [20, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export const DateRangeQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

/** A page query with a date range: `PagedQuerySchema.extend({ status: ... })` for a list's own filters. */
export const PagedQuerySchema = PageQuerySchema.extend(DateRangeQuerySchema.shape);

/** The answer of a paged list: one page of rows and the total number of matching rows. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export type Page<T> = { rows: T[]; total: number; page: number; pageSize: number };
