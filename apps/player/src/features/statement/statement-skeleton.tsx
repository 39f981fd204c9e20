import { useTranslation } from 'react-i18next';

const block = 'animate-pulse bg-surface-2 motion-reduce:animate-none';

/** The statement card while a page loads: the rows' shape (icon, type and amount, route and time). */
export function StatementSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-busy="true"
      className="overflow-hidden rounded-[var(--radius-card)] bg-surface shadow-card ring-1 ring-line"
      data-testid="statement-skeleton"
    >
      <span className="sr-only">{t('status.loading')}</span>
      <ul aria-hidden className="divide-y divide-line/70">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="flex gap-3 px-4 py-3.5">
            <span className={`size-10 shrink-0 rounded-xl ${block}`} />
            <span className="flex min-w-0 flex-1 flex-col gap-2 pt-0.5">
              <span className="flex justify-between gap-2">
                <span className={`h-4 w-28 rounded ${block}`} />
                <span className={`h-4 w-16 rounded ${block}`} />
              </span>
              <span className="flex justify-between gap-2">
                <span className={`h-3 w-36 rounded ${block}`} />
                <span className={`h-3 w-20 rounded ${block}`} />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
