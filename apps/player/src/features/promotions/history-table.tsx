import { useTranslation } from 'react-i18next';
import { Pagination } from '@wallet/ui/pagination';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { PROMO_PAGE_SIZE } from '../../api/promotions.ts';

type HistoryRow = { name?: string; amount: number; createdAt: string };

export type HistoryTableProps = {
  rows: HistoryRow[] | undefined;
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  isFetching: boolean;
  /** column headers; `name` only for the invitees table */
  columns: { name?: string; amount: string; date: string };
  empty: string;
  testId: string;
};

/** The invitees and refund-log tables: 10 rows a page (docs/spec.md §9); a load failure shows the empty table (§8). */
export function HistoryTable({
  rows,
  total,
  page,
  onPageChange,
  isFetching,
  columns,
  empty,
  testId,
}: HistoryTableProps) {
  const { t } = useTranslation('promotions');
  const totalPages = Math.max(1, Math.ceil(total / PROMO_PAGE_SIZE));
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl ring-1 ring-line">
        <table className="w-full table-fixed text-sm" data-testid={testId} aria-busy={isFetching || undefined}>
          <thead className="bg-surface-2 text-xs text-muted">
            <tr>
              {columns.name && <th className="px-3 py-2 text-left font-semibold">{columns.name}</th>}
              <th className="px-3 py-2 text-right font-semibold">{columns.amount}</th>
              <th className="px-3 py-2 text-right font-semibold">{columns.date}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line bg-surface/70">
            {(rows ?? []).map((row, index) => (
              <tr key={`${row.createdAt}-${index}`}>
                {columns.name && (
                  <td className="truncate px-3 py-2.5" translate="no">
                    {row.name}
                  </td>
                )}
                <td className="px-3 py-2.5 text-right font-semibold tabular-nums">{formatMoney(row.amount)}</td>
                <td className="px-3 py-2.5 text-right text-xs text-muted tabular-nums">
                  {formatDateTime(row.createdAt)}
                </td>
              </tr>
            ))}
            {(rows ?? []).length === 0 && (
              <tr>
                <td colSpan={columns.name ? 3 : 2} className="px-3 py-6 text-center text-muted">
                  {rows ? empty : t('table.loading')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} isDisabled={isFetching} />
    </div>
  );
}
