import { adminApi } from '@wallet/contract/admin/admin-api';
import { JOB_RUN_STATUSES, type JobRun } from '@wallet/contract/admin/jobs';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { formatDateTime } from '@wallet/web-core/format';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyRows } from '../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const column = createColumnHelper<JobRun>();
const TONES: Record<JobRun['status'], BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  retrying: 'warning',
  succeeded: 'success',
  failed: 'danger',
};
const selectClass =
  'h-11 min-w-44 rounded-xl bg-bg-raised px-3 text-sm text-fg ring-1 ring-line ring-inset focus:ring-2 focus:ring-primary focus:outline-none';

/** "1.2 s", "3 min 4 s" between two instants; '—' while running. */
function duration(start: string | null, end: string | null): string {
  if (!start || !end) return '—';
  const ms = new Date(end).getTime() - new Date(start).getTime();
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export default function JobsPage() {
  const { t } = useTranslation('jobs');
  const list = useListParams(['job', 'status']);
  const status = (JOB_RUN_STATUSES as readonly string[]).includes(list.filters.status)
    ? (list.filters.status as JobRun['status'])
    : undefined;
  const filters = { ...(list.filters.job ? { job: list.filters.job } : {}), ...(status ? { status } : {}) };
  const query = usePagedQuery(['admin', 'jobs'], list, (q) => adminCall(adminApi.jobs.list, { query: q }), filters);

  const columns = [
    column.accessor('job', {
      header: t('columns.job'),
      cell: (c) => <code className="font-mono text-xs text-fg">{c.getValue()}</code>,
    }),
    column.accessor('status', {
      header: t('columns.status'),
      cell: (c) => <StatusBadge tone={TONES[c.getValue()]}>{t(`status.${c.getValue()}`)}</StatusBadge>,
    }),
    column.accessor('slot', {
      header: t('columns.slot'),
      cell: (c) => (
        <span className="text-xs text-muted tabular-nums">
          {c.getValue() ? formatDateTime(c.getValue()) : t('onDemand')}
        </span>
      ),
    }),
    column.accessor('queuedAt', {
      header: t('columns.queued'),
      cell: (c) => <span className="whitespace-nowrap text-muted tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.display({
      id: 'duration',
      header: t('columns.duration'),
      meta: { align: 'right' },
      cell: ({ row: { original: run } }) => (
        <span className="tabular-nums">{duration(run.startedAt, run.finishedAt)}</span>
      ),
    }),
    column.accessor('attempts', {
      header: t('columns.attempts'),
      meta: { align: 'right' },
      cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
    }),
    column.accessor('runner', {
      header: t('columns.runner'),
      cell: (c) => <span className="font-mono text-xs text-muted">{c.getValue() ?? '—'}</span>,
    }),
    column.accessor('error', {
      header: t('columns.error'),
      cell: (c) =>
        c.getValue() ? (
          <span className="block max-w-[280px] truncate text-xs text-danger" title={c.getValue() ?? undefined}>
            {c.getValue()}
          </span>
        ) : (
          <span className="text-subtle">—</span>
        ),
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button size="sm" variant="secondary" isLoading={query.isFetching} onClick={() => void query.refetch()}>
            {t('common:actions.refresh')}
          </Button>
        }
      >
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
            {t('filters.job')}
            <select
              className={selectClass}
              value={list.filters.job}
              onChange={(e) => list.setFilter('job', e.target.value)}
            >
              <option value="">{t('filters.all')}</option>
              {query.data?.jobs.map((job) => (
                <option key={job} value={job}>
                  {job}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
            {t('filters.status')}
            <select
              className={selectClass}
              value={status ?? ''}
              onChange={(e) => list.setFilter('status', e.target.value)}
            >
              <option value="">{t('filters.all')}</option>
              {JOB_RUN_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <DateRangeFilter value={list.days} onChange={list.setDays} />
        </div>
      </PageHeader>
      <PagedTable
        list={list}
        query={query}
        label={t('title')}
        columns={columns}
        getRowId={(run) => String(run.id)}
        empty={<EmptyRows title={t('empty')} />}
      />
    </>
  );
}
