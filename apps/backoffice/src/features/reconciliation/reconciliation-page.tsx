import { adminApi } from '@wallet/contract/admin/admin-api';
import type { LedgerCheckRun, Reconciliation } from '@wallet/contract/admin/reports';
import { MINOR_PER_MAJOR } from '@wallet/contract/limits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { formatDateTime } from '@wallet/web-core/format';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyRows, ErrorState, LoadingState } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const major = (minor: string) => Number(minor) / MINOR_PER_MAJOR;
type Pending = Reconciliation['pendingTransfers']['rows'][number];
const pendingColumn = createColumnHelper<Pending>();
const houseColumn = createColumnHelper<Reconciliation['houseAccounts'][number]>();
const runColumn = createColumnHelper<LedgerCheckRun>();
const payoutColumn = createColumnHelper<Reconciliation['pendingPayouts']['rows'][number]>();

function age(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
  return `${Math.floor(seconds / 86_400)}d ${Math.floor((seconds % 86_400) / 3600)}h`;
}

/** Pending money with its age, sums per house account, and the ledger invariant check with its run history. */
export default function ReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const queryClient = useQueryClient();
  const list = useListParams();
  const overview = useQuery({
    queryKey: ['admin', 'reconciliation'],
    queryFn: () => adminCall(adminApi.reports.reconciliation),
  });
  const runs = usePagedQuery(['admin', 'reconciliation', 'runs'], list, (q) =>
    adminCall(adminApi.reports.checkRuns, { query: q }),
  );
  const check = useMutation({
    mutationFn: () => adminCall(adminApi.reports.runCheck),
    onSuccess: ({ run }) => {
      if (run.ok) notify.success(t('check.ok'));
      else notify.error(t('check.problems', { count: run.problemCount }));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'reconciliation'] });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  const payoutColumns = [
    payoutColumn.accessor('ageSeconds', {
      header: t('payouts.age'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{age(c.getValue())}</span>,
    }),
    payoutColumn.accessor('memberId', {
      header: t('payouts.member'),
      cell: (c) => (
        <Link to={`/members/${c.getValue()}`} className="font-semibold text-primary hover:underline">
          #{c.getValue()}
        </Link>
      ),
    }),
    payoutColumn.accessor('amount', {
      header: t('payouts.amount'),
      meta: { align: 'right' },
      cell: ({ row: { original: p } }) => <MoneyCell amount={p.amount} currency={p.currency} />,
    }),
    payoutColumn.accessor('status', {
      header: t('payouts.status'),
      cell: (c) => (
        <StatusBadge tone="info">{t(`payouts.state.${c.getValue()}`, { defaultValue: c.getValue() })}</StatusBadge>
      ),
    }),
  ];
  const pendingColumns = [
    pendingColumn.accessor('ageSeconds', {
      header: t('pending.age'),
      cell: (c) => <StatusBadge tone={c.getValue() > 300 ? 'danger' : 'warning'}>{age(c.getValue())}</StatusBadge>,
    }),
    pendingColumn.accessor('memberId', {
      header: t('pending.member'),
      cell: (c) => (
        <Link to={`/members/${c.getValue()}`} className="font-mono font-semibold text-primary hover:underline">
          {c.getValue()}
        </Link>
      ),
    }),
    pendingColumn.accessor('game', { header: t('pending.game'), cell: (c) => c.getValue().toUpperCase() }),
    pendingColumn.accessor('direction', {
      header: t('pending.direction'),
      cell: (c) => t(`direction.${c.getValue()}`),
    }),
    pendingColumn.display({
      id: 'state',
      header: t('pending.state'),
      cell: ({ row: { original: r } }) => (
        <span className="text-xs text-muted">
          {t('pending.attempts', { count: r.attempts })}
          {r.lastError ? ` · ${r.lastError}` : ''}
        </span>
      ),
    }),
    pendingColumn.accessor('amount', {
      header: t('pending.amount'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell amount={major(c.getValue())} currency={c.row.original.currency} />,
    }),
  ];
  const houseColumns = [
    houseColumn.accessor('account', {
      header: t('house.account'),
      // a long account code wraps so the balance stays inside a narrow card
      cell: (c) => <span className="font-mono break-all">{c.getValue()}</span>,
    }),
    houseColumn.accessor('shards', { header: t('house.shards'), meta: { align: 'right' } }),
    houseColumn.accessor('balance', {
      header: t('house.balance'),
      meta: { align: 'right' },
      // minor units for the account's unit: spin coins are whole coins, never ÷ 100
      cell: (c) => <MoneyCell minor={c.getValue()} currency={c.row.original.currency} isSigned />,
    }),
  ];
  const runColumns = [
    runColumn.accessor('startedAt', {
      header: t('runs.at'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    runColumn.accessor('trigger', {
      header: t('runs.trigger'),
      cell: (c) => `${t(`trigger.${c.getValue()}`)}${c.row.original.operator ? ` · ${c.row.original.operator}` : ''}`,
    }),
    runColumn.accessor('ok', {
      header: t('runs.result'),
      cell: (c) =>
        c.getValue() ? (
          <StatusBadge tone="success">{t('runs.ok')}</StatusBadge>
        ) : (
          <div>
            <StatusBadge tone="danger">{t('runs.failed', { count: c.row.original.problemCount })}</StatusBadge>
            <ul className="mt-1 list-disc pl-4 text-xs text-muted">
              {c.row.original.problems.slice(0, 5).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ),
    }),
    runColumn.display({
      id: 'duration',
      header: t('runs.duration'),
      meta: { align: 'right' },
      cell: ({ row: { original: r } }) => (
        <span className="tabular-nums">{Date.parse(r.finishedAt) - Date.parse(r.startedAt)} ms</span>
      ),
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button size="sm" onClick={() => check.mutate()} isLoading={check.isPending} data-testid="run-check">
            {t('check.run')}
          </Button>
        }
      />
      {overview.isPending ? (
        <LoadingState />
      ) : overview.error ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
          <Card title={t('pending.title', { count: overview.data.pendingTransfers.total })} padding="sm">
            <DataTable
              label={t('pending.title', { count: overview.data.pendingTransfers.total })}
              columns={pendingColumns}
              data={{
                rows: overview.data.pendingTransfers.rows,
                total: overview.data.pendingTransfers.rows.length,
                page: 1,
                pageSize: Math.max(20, overview.data.pendingTransfers.rows.length),
              }}
              onPageChange={() => undefined}
              getRowId={(r) => r.id}
              empty={<EmptyRows title={t('pending.none')} />}
            />
          </Card>
          <div className="flex flex-col gap-4">
            <Card title={t('payouts.title', { count: overview.data.pendingPayouts.total })} padding="sm">
              <DataTable
                label={t('payouts.title', { count: overview.data.pendingPayouts.total })}
                columns={payoutColumns}
                data={{
                  rows: overview.data.pendingPayouts.rows,
                  total: overview.data.pendingPayouts.rows.length,
                  page: 1,
                  pageSize: Math.max(20, overview.data.pendingPayouts.rows.length),
                }}
                onPageChange={() => undefined}
                getRowId={(r) => r.id}
                empty={<EmptyRows title={t('payouts.none')} />}
              />
            </Card>
            <Card title={t('house.title')} padding="sm">
              <DataTable
                label={t('house.title')}
                columns={houseColumns}
                data={{
                  rows: overview.data.houseAccounts,
                  total: overview.data.houseAccounts.length,
                  page: 1,
                  pageSize: Math.max(20, overview.data.houseAccounts.length),
                }}
                onPageChange={() => undefined}
                getRowId={(r) => `${r.account}-${r.currency}`}
              />
            </Card>
          </div>
        </div>
      )}
      <h2 className="mt-8 mb-1 text-lg font-bold">{t('runs.title')}</h2>
      <p className="mb-3 text-sm text-muted">{t('runs.description')}</p>
      <DateRangeFilter value={list.days} onChange={list.setDays} className="mb-3" />
      <PagedTable
        list={list}
        query={runs}
        label={t('runs.title')}
        columns={runColumns}
        getRowId={(r) => String(r.id)}
        empty={<EmptyRows title={t('runs.none')} />}
      />
    </>
  );
}
