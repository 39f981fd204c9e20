import type { Page } from '@wallet/contract/admin/paging';
import { PAGE_SIZES } from '@wallet/contract/admin/paging';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { Pagination } from '@wallet/ui/pagination';
import { Spinner } from '@wallet/ui/spinner';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyRows, ErrorState, LoadingState } from './states.tsx';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the augmented interface must keep its parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** right-align (money, counts) */
    align?: 'left' | 'right' | 'center';
    /** a fixed width class, e.g. 'w-40' */
    className?: string;
    /** keep the column in view at the right edge while the rows scroll sideways (default for the `actions` column) */
    sticky?: boolean;
    /** the server sorts by this column (its id is the list's `sort` value) */
    sortable?: boolean;
  }
}

/**
 * The action column stays on screen (docs/decisions/0034-member-360-and-exports.md): at the right edge of the
 * table's own scroll area, over a background so scrolled cells pass under it.
 */
const isSticky = (column: { id: string; columnDef: { meta?: { sticky?: boolean } } }) =>
  column.columnDef.meta?.sticky ?? column.id === 'actions';
const STICKY = 'sticky right-0 z-[1] shadow-[-8px_0_12px_-10px_rgba(0,0,0,0.6)]';

export type { ColumnDef };

export type DataTableProps<T> = {
  columns: ColumnDef<T, never>[];
  /** the current page from the server (undefined while the first one loads) */
  data: Page<T> | undefined;
  isLoading?: boolean;
  /** a later page is loading: the old rows stay, dimmed */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  getRowId?: (row: T) => string;
  /** what to say when there are no rows */
  empty?: ReactNode;
  /** accessible name of the table */
  label: string;
  /** extra classes of a row (e.g. highlight a flagged one) */
  rowClassName?: (row: T) => string | undefined;
  /** the server's current order; headers of `meta.sortable` columns toggle it through `onSortChange` */
  sort?: { id: string; dir: 'asc' | 'desc' };
  onSortChange?: (sort: { id: string; dir: 'asc' | 'desc' }) => void;
};

/**
 * A server-paginated grid (TanStack Table, manual pagination): the server sends one page and the total; the table
 * renders it with loading, empty and error states and a pager. Keep the page in the URL with `useListParams`.
 */
export function DataTable<T>({
  columns,
  data,
  isLoading = false,
  isFetching = false,
  error,
  onRetry,
  onPageChange,
  onPageSizeChange,
  getRowId,
  empty,
  label,
  rowClassName,
  sort,
  onSortChange,
}: DataTableProps<T>) {
  const { t } = useTranslation('common');
  const rows = data?.rows ?? [];
  // TanStack Table is not React-Compiler-safe; this component is simply not compiled (no manual memo relies on it)
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: rows,
    // a column's value type is the caller's business; the table only reads cells through `cell` renderers
    columns: columns as unknown as ColumnDef<T, unknown>[],
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    rowCount: data?.total ?? 0,
    ...(getRowId ? { getRowId: (row: T) => getRowId(row) } : {}),
  });
  const total = data?.total ?? 0;
  const page = data?.page ?? 1;
  const pageSize = data?.pageSize ?? PAGE_SIZES[0];
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  let body: ReactNode = null;
  if (error && !data) body = <ErrorState error={error} onRetry={onRetry} />;
  else if (isLoading && !data) body = <LoadingState />;
  // one empty state everywhere: a page's own words are its title
  else if (rows.length === 0) body = typeof empty === 'string' ? <EmptyRows title={empty} /> : (empty ?? <EmptyRows />);

  return (
    <div className="overflow-hidden rounded-2xl bg-surface ring-1 ring-line">
      <div className="relative overflow-x-auto">
        <table aria-label={label} aria-busy={isFetching || isLoading} className="w-full border-collapse text-sm">
          <thead className="bg-bg-raised/80">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={
                        meta?.sortable && sort?.id === header.column.id
                          ? sort.dir === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                      className={clsx(
                        'border-b border-line px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase',
                        meta?.align === 'right' ? 'text-right' : meta?.align === 'center' ? 'text-center' : 'text-left',
                        isSticky(header.column) && `${STICKY} bg-bg-raised`,
                        meta?.className,
                      )}
                    >
                      {header.isPlaceholder ? null : meta?.sortable && onSortChange ? (
                        <SortButton
                          dir={sort?.id === header.column.id ? sort.dir : undefined}
                          onClick={() =>
                            onSortChange({
                              id: header.column.id,
                              dir: sort?.id === header.column.id && sort.dir === 'desc' ? 'asc' : 'desc',
                            })
                          }
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                        </SortButton>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {!body && (
            <tbody className={clsx(isFetching && 'opacity-60 transition-opacity')}>
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  className={clsx(
                    'border-b border-line/60 last:border-0 hover:bg-white/[0.025]',
                    rowClassName?.(row.original),
                  )}
                >
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <td
                        key={cell.id}
                        className={clsx(
                          'px-4 py-3 align-middle break-words',
                          isSticky(cell.column) && `${STICKY} bg-surface`,
                          meta?.align === 'right'
                            ? 'text-right'
                            : meta?.align === 'center'
                              ? 'text-center'
                              : 'text-left',
                          meta?.className,
                        )}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          )}
        </table>
        {body}
        {isFetching && data && (
          <div className="absolute top-2 right-3">
            <Spinner size="sm" />
          </div>
        )}
      </div>
      {total > 0 && (
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-line bg-bg-raised/60 px-4 py-2.5 text-sm text-muted">
          <span className="tabular-nums" data-testid="table-range">
            {t('table.showing', { from: first, to: last, total })}
          </span>
          <div className="flex items-center gap-3">
            {onPageSizeChange && (
              <label className="flex items-center gap-2 text-xs">
                {t('table.perPage')}
                <select
                  className="h-9 rounded-lg bg-surface px-2 text-sm text-fg ring-1 ring-line"
                  value={pageSize}
                  onChange={(e) => onPageSizeChange(Number(e.target.value))}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {totalPages > 1 && (
              <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} isDisabled={isFetching} />
            )}
          </div>
        </footer>
      )}
    </div>
  );
}

/** A sortable header: the column's name and an arrow for the current direction. */
function SortButton(props: { dir: 'asc' | 'desc' | undefined; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      className="inline-flex items-center gap-1 uppercase hover:text-fg focus-visible:text-fg"
    >
      {props.children}
      <span aria-hidden className={clsx('text-[0.9em]', !props.dir && 'opacity-30')}>
        {props.dir === 'asc' ? '▲' : '▼'}
      </span>
    </button>
  );
}
