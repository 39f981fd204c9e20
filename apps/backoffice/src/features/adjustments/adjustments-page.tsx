import { adminApi } from '@wallet/contract/admin/admin-api';
import { ADJUSTMENT_SORTS, type Adjustment } from '@wallet/contract/admin/members';
import { MINOR_PER_MAJOR } from '@wallet/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { formatDateTime } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyRows } from '../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { unlessDecided } from '../../lib/decided.ts';
import { useOperator } from '../../lib/operator.ts';
import { oneOf, useSortedList } from '../../lib/use-sorted-list.ts';

const STATUSES = ['pending', 'posted', 'rejected'] as const;
type Status = (typeof STATUSES)[number];
const TONE: Record<Status, BadgeTone> = { pending: 'warning', posted: 'success', rejected: 'danger' };
const column = createColumnHelper<Adjustment>();
const major = (minor: string) => Number(minor) / MINOR_PER_MAJOR;

/**
 * Balance adjustments waiting for a second operator (4 eyes), oldest first, and the decided ones. The requester
 * sees their own pending rows without an approve button (the server refuses it anyway).
 */
export default function AdjustmentsPage() {
  const { t } = useTranslation('adjustments');
  const me = useOperator();
  const { list, sort, tableSort } = useSortedList({
    filters: ['status'],
    sorts: ADJUSTMENT_SORTS,
    defaultSort: { id: 'queue', dir: 'desc' },
  });
  const status: Status = oneOf(list.filters.status, STATUSES) ?? 'pending';
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<{ kind: 'approve' | 'reject'; row: Adjustment } | null>(null);
  const query = usePagedQuery(
    ['admin', 'adjustments'],
    list,
    (q) => adminCall(adminApi.adjustments.list, { query: q }),
    { status, sort: sort.id, dir: sort.dir },
  );

  const columns = [
    column.accessor('requestedAt', {
      meta: { sortable: true },
      header: t('columns.requested'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.accessor('memberId', {
      meta: { sortable: true },
      header: t('columns.member'),
      cell: (c) => (
        <Link to={`/members/${c.getValue()}`} className="font-mono font-semibold text-primary hover:underline">
          {c.getValue()}
        </Link>
      ),
    }),
    column.accessor('reason', { header: t('columns.reason') }),
    column.accessor('requestedBy', { header: t('columns.requestedBy'), meta: { sortable: true } }),
    column.accessor('status', {
      meta: { sortable: true },
      header: t('columns.status'),
      cell: (c) => (
        <div className="leading-tight">
          <StatusBadge tone={TONE[c.getValue()]}>{t(`status.${c.getValue()}`)}</StatusBadge>
          {c.row.original.decidedBy && (
            <div className="mt-0.5 text-xs text-muted">
              {c.row.original.decidedBy}
              {c.row.original.decisionNote ? ` · ${c.row.original.decisionNote}` : ''}
            </div>
          )}
        </div>
      ),
    }),
    column.accessor('amount', {
      header: t('columns.amount'),
      meta: { align: 'right', sortable: true },
      cell: (c) => <MoneyCell amount={major(c.getValue())} currency={c.row.original.currency} isSigned />,
    }),
    column.display({
      id: 'actions',
      header: t('columns.actions'),
      meta: { align: 'right' },
      cell: ({ row: { original: row } }) => {
        if (row.status !== 'pending') return null;
        const isOwn = row.requestedBy === me.username;
        return (
          <div className="flex flex-wrap items-center justify-end gap-1.5">
            {isOwn ? (
              <span className="max-w-48 text-right text-xs text-muted">{t('ownRequest')}</span>
            ) : (
              <Button size="sm" onClick={() => setDeciding({ kind: 'approve', row })} data-testid={`approve-${row.id}`}>
                {t('actions.approve')}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => setDeciding({ kind: 'reject', row })}>
              {t(isOwn ? 'actions.withdraw' : 'actions.reject')}
            </Button>
          </div>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title={t('title')} description={t('description')}>
        <div className="flex flex-wrap items-center gap-3">
          <div role="tablist" className="flex gap-1 rounded-xl bg-bg p-1 ring-1 ring-line">
            {STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                aria-selected={status === s}
                onClick={() => list.setFilter('status', s === 'pending' ? '' : s)}
                className={clsx(
                  'min-h-9 rounded-lg px-3 text-sm font-semibold',
                  status === s ? 'bg-primary text-on-primary' : 'text-muted hover:text-fg',
                )}
              >
                {t(`status.${s}`)}
              </button>
            ))}
          </div>
          <DateRangeFilter value={list.days} onChange={list.setDays} />
        </div>
      </PageHeader>
      <PagedTable
        list={list}
        query={query}
        label={t('title')}
        columns={columns}
        getRowId={(r) => String(r.id)}
        empty={status === 'pending' ? <EmptyRows title={t('emptyPending')} /> : undefined}
        {...tableSort}
      />
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => !open && setDeciding(null)}
        tone={deciding?.kind === 'reject' ? 'danger' : 'primary'}
        title={
          deciding
            ? t(`confirm.${deciding.kind}`, {
                amount: major(deciding.row.amount).toFixed(2),
                currency: deciding.row.currency,
                member: deciding.row.memberId,
              })
            : ''
        }
        description={deciding ? `${deciding.row.reason} — ${deciding.row.requestedBy}` : undefined}
        confirmLabel={t(deciding?.kind === 'reject' ? 'actions.reject' : 'actions.approve')}
        reason={deciding?.kind === 'reject' ? 'required' : 'none'}
        onConfirm={async (reason) => {
          if (!deciding) return;
          const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
          // someone decided it first: who did what when, the dialog closes, the list refreshes (ADR 0033)
          await unlessDecided(async () => {
            const { row, kind } = deciding;
            if (kind === 'approve') {
              await adminCall(adminApi.adjustments.approve, {
                params: { id: row.id },
                idempotencyKey: `approve-${row.id}`,
              });
              notify.success(t('done.approved'));
            } else {
              await adminCall(adminApi.adjustments.reject, { params: { id: row.id }, body: { reason } });
              notify.success(t('done.rejected'));
            }
            await refresh();
          }, refresh);
        }}
      />
    </>
  );
}
