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

/** A list's sort direction; each list declares its own whitelist of sort keys (`z.enum`), never a free column name. */
export const SortDirSchema = z.enum(['asc', 'desc']);

/**
 * A money list's member filter: a member id (digits), or a username / phone number (spaces and dashes are ignored);
 * nothing else is accepted, so no operator text reaches a query as a pattern.
 */
export const MemberFilterSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[0-9A-Za-z_.]{1,32}$/));

/** The answer of a paged list: one page of rows and the total number of matching rows. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export type Page<T> = { rows: T[]; total: number; page: number; pageSize: number };
