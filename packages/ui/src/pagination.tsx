import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';
import { pageRange } from './page-range.ts';

export type PaginationProps = {
  /** current page, 1-based */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  isDisabled?: boolean;
  className?: string;
};

const ITEM = 'flex size-11 items-center justify-center rounded-xl text-sm font-semibold tabular-nums transition';

/** Previous, the pages 3 before and 1 after the current one, next. Renders nothing for a single page. */
export function Pagination({ page, totalPages, onPageChange, isDisabled = false, className }: PaginationProps) {
  const { t } = useTranslation('common');
  if (totalPages <= 1) return null;
  const go = (target: number) => {
    if (!isDisabled && target !== page && target >= 1 && target <= totalPages) onPageChange(target);
  };
  return (
    <nav aria-label={t('pagination.label')} className={clsx('flex items-center justify-center gap-1.5', className)}>
      <button
        type="button"
        className={clsx(ITEM, 'text-muted hover:bg-white/5 disabled:opacity-40')}
        onClick={() => go(page - 1)}
        disabled={isDisabled || page <= 1}
        aria-label={t('pagination.previous')}
      >
        <Icon name="chevron-left" className="size-5" />
      </button>
      {pageRange(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => go(n)}
          disabled={isDisabled}
          aria-current={n === page ? 'page' : undefined}
          aria-label={t('pagination.page', { page: n })}
          className={clsx(
            ITEM,
            n === page
              ? 'bg-primary text-on-primary shadow-glow'
              : 'bg-surface text-fg ring-1 ring-line hover:bg-surface-2',
          )}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={clsx(ITEM, 'text-muted hover:bg-white/5 disabled:opacity-40')}
        onClick={() => go(page + 1)}
        disabled={isDisabled || page >= totalPages}
        aria-label={t('pagination.next')}
      >
        <Icon name="chevron-right" className="size-5" />
      </button>
    </nav>
  );
}
