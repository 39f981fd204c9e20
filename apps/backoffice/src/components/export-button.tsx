import { useTranslation } from 'react-i18next';
import { AdminIcon } from './admin-icon.tsx';

/**
 * Download a CSV export of the rows a list shows (its filters, not its page): a plain link, so the browser streams
 * the file to disk with the console's session cookie (docs/decisions/0034-member-360-and-exports.md).
 */
export function ExportButton(props: {
  /** the export endpoint, e.g. /api/admin/exports/withdrawals.csv */
  path: string;
  /** the list's filters; empty values and paging are left out */
  query: Record<string, string | number | undefined | null>;
}) {
  const { t } = useTranslation('common');
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(props.query)) {
    if (name === 'page' || name === 'pageSize' || value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return (
    <a
      href={`${props.path}${search ? `?${search}` : ''}`}
      download
      data-testid="export-csv"
      className="inline-flex min-h-9 items-center gap-2 self-start rounded-xl bg-surface px-3 text-sm font-semibold text-fg ring-1 ring-line hover:bg-white/5"
    >
      <AdminIcon name="download" className="size-4" />
      {t('table.exportCsv')}
    </a>
  );
}
