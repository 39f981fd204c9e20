import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementRow } from '@wallet/contract/statement';
import { EmptyState } from '@wallet/ui/empty-state';
import { Pagination } from '@wallet/ui/pagination';
import { StatementItem } from './statement-item.tsx';

export type StatementListProps = {
  rows: StatementRow[];
  page: number;
  totalPages: number;
  gameNames: ReadonlyMap<string, string>;
  isFetching: boolean;
  onPageChange: (page: number) => void;
  /** an action under a row, when it has one (the route wires it: features do not import each other) */
  rowAction?: (row: StatementRow) => ReactNode;
  /** opens a row's receipt */
  onOpen?: (row: StatementRow) => void;
  /** a filter is on: an empty list says nothing matches it instead of "no transactions yet" */
  isFiltered?: boolean;
};

/** One page of transactions with the pagination bar; an empty history shows a friendly empty state. */
export function StatementList({
  rows,
  page,
  totalPages,
  gameNames,
  isFetching,
  onPageChange,
  rowAction,
  onOpen,
  isFiltered = false,
}: StatementListProps) {
  const { t } = useTranslation('statement');
  if (rows.length === 0 && page === 1 && isFiltered) {
    return (
      <p
        className="rounded-[var(--radius-card)] bg-surface/70 px-4 py-8 text-center text-sm text-muted ring-1 ring-line"
        data-testid="statement-empty"
      >
        {t('filter.empty')}
      </p>
    );
  }
  if (rows.length === 0 && page === 1) {
    return (
      <div className="rounded-[var(--radius-card)] bg-surface/70 ring-1 ring-line" data-testid="statement-empty">
        <EmptyState icon="statement" title={t('empty.title')} description={t('empty.body')} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul
        className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] bg-surface/70 ring-1 ring-line"
        aria-busy={isFetching || undefined}
        data-testid="statement-list"
      >
        {rows.map((row) => (
          <StatementItem key={row._id} row={row} gameNames={gameNames} action={rowAction?.(row)} onOpen={onOpen} />
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} isDisabled={isFetching} />
    </div>
  );
}
