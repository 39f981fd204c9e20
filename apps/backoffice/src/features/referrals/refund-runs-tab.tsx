import { adminApi } from '@wallet/contract/admin/admin-api';
import type { RefundRun } from '@wallet/contract/admin/referral-refunds';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '@wallet/web-core/format';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { EmptyRows } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const column = createColumnHelper<RefundRun>();

/** The daily refund job's runs: the rate it used, how many members it refunded, and how much they took. */
export function RefundRunsTab() {
  const { t } = useTranslation('referrals');
  const list = useListParams();
  const query = usePagedQuery(['admin', 'refunds', 'runs'], list, (q) =>
    adminCall(adminApi.refunds.runs, { query: q }),
  );
  const columns = [
    column.accessor('day', {
      header: t('runs.day'),
      cell: (c) => <span className="font-semibold tabular-nums">{c.getValue()}</span>,
    }),
    column.display({
      id: 'rate',
      header: t('runs.rate'),
      cell: ({ row: { original: r } }) => (
        <span className="text-sm leading-tight">
          <span className="block tabular-nums">{t('runs.percent', { percent: r.lossPercent })}</span>
          <span className="text-xs text-muted">{t('runs.minimum', { amount: r.minRefund })}</span>
        </span>
      ),
    }),
    column.accessor('members', {
      header: t('runs.members'),
      meta: { align: 'right' },
      cell: (c) => <span className="tabular-nums">{c.getValue().toLocaleString('en-US')}</span>,
    }),
    column.accessor('total', {
      header: t('runs.total'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell amount={c.getValue()} />,
    }),
    column.display({
      id: 'received',
      header: t('runs.received'),
      meta: { align: 'right' },
      cell: ({ row: { original: r } }) => {
        const share = r.members > 0 ? Math.round((r.received / r.members) * 100) : 0;
        return (
          <span className="flex items-center justify-end gap-2 tabular-nums">
            {r.received.toLocaleString('en-US')}
            <span className="h-1.5 w-16 overflow-hidden rounded-full bg-bg ring-1 ring-line" aria-hidden>
              <span className="block h-full bg-success" style={{ width: `${share}%` }} />
            </span>
            <span className="w-10 text-xs text-muted">{share} %</span>
          </span>
        );
      },
    }),
    column.display({
      id: 'ran',
      header: t('runs.ran'),
      cell: ({ row: { original: r } }) =>
        r.finishedAt ? (
          <span className="text-xs whitespace-nowrap text-muted tabular-nums">{formatDateTime(r.finishedAt)}</span>
        ) : (
          <StatusBadge tone="info">{t('runs.running')}</StatusBadge>
        ),
    }),
  ];
  return (
    <PagedTable
      hasDateFilter
      hint={t('runs.hint')}
      list={list}
      query={query}
      label={t('tabs.runs')}
      columns={columns}
      getRowId={(r) => String(r.id)}
      empty={<EmptyRows title={t('runs.emptyTitle')} description={t('runs.emptyBody')} />}
    />
  );
}
