import { adminApi } from '@wallet/contract/admin/admin-api';
import {
  ADMIN_DEPOSIT_STATUSES,
  DEPOSIT_CHANNELS,
  DEPOSIT_SORTS,
  type AdminDepositRow,
  type AdminDepositStatus,
} from '@wallet/contract/admin/deposits';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { SelectField } from '@wallet/ui/select-field';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { MemberFilter } from '../../components/member-filter.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { unlessDecided } from '../../lib/decided.ts';
import { memberOf, oneOf, useSortedList } from '../../lib/use-sorted-list.ts';
import { ConfirmDepositDialog } from './confirm-deposit-dialog.tsx';
import { DepositDetailDialog } from './deposit-detail-dialog.tsx';
import { DepositSummary } from './deposit-summary.tsx';

const KEY = ['admin', 'deposits'] as const;
const column = createColumnHelper<AdminDepositRow>();
const TONE: Record<AdminDepositStatus, BadgeTone> = {
  review: 'warning',
  processing: 'info',
  credited: 'success',
  failed: 'danger',
  rejected: 'neutral',
  expired: 'neutral',
  cancelled: 'neutral',
};
type Action = 'confirm' | 'reject' | 'reverify';

/** Deposits across channels (docs/design.md §9.5): filters, a row's detail with its slip image, review decisions. */
export default function DepositsPage() {
  const { t } = useTranslation('deposits');
  const { list, sort, tableSort } = useSortedList({
    filters: ['status', 'channel', 'member'],
    sorts: DEPOSIT_SORTS,
    defaultSort: { id: 'queue', dir: 'desc' },
  });
  const status = oneOf(list.filters.status, ADMIN_DEPOSIT_STATUSES);
  const channel = oneOf(list.filters.channel, DEPOSIT_CHANNELS);
  const member = memberOf(list.filters.member);
  const queryClient = useQueryClient();
  const [action, setAction] = useState<{ kind: Action; row: AdminDepositRow } | null>(null);
  const [open, setOpen] = useState<AdminDepositRow | null>(null);
  const filters = {
    ...(status ? { status } : {}),
    ...(channel ? { channel } : {}),
    ...(member ? { member } : {}),
    sort: sort.id,
    dir: sort.dir,
  };
  const query = usePagedQuery(KEY, list, (q) => adminCall(adminApi.deposits.list, { query: q }), filters, {
    refetchInterval: 15_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const columns = [
    column.accessor('createdAt', {
      meta: { sortable: true },
      header: t('columns.created'),
      cell: (c) => <span className="whitespace-nowrap text-muted tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.accessor('channel', {
      meta: { sortable: true },
      header: t('columns.channel'),
      cell: ({ row: { original: d } }) => (
        <div className="whitespace-nowrap">
          <p className="font-medium text-fg">{t(`channel.${d.channel}`)}</p>
          <p className="text-xs text-subtle tabular-nums">{d.id}</p>
        </div>
      ),
    }),
    column.accessor('member', {
      header: t('columns.member'),
      cell: ({ row: { original: d } }) => (
        <div className="min-w-0">
          <Link
            to={`/members/${d.memberId}`}
            className="font-semibold text-fg hover:text-primary hover:underline"
            data-testid={`deposit-member-${d.id}`}
          >
            {d.member.name || `#${d.memberId}`}
          </Link>
          <p className="text-xs text-muted tabular-nums">
            {d.member.username} · #{d.memberId}
          </p>
        </div>
      ),
    }),
    column.accessor('amount', {
      header: t('columns.amount'),
      meta: { align: 'right', sortable: true },
      cell: ({ row: { original: d } }) =>
        d.amount === null ? (
          <span className="text-subtle">—</span>
        ) : (
          <MoneyCell amount={d.amount} currency={d.currency} />
        ),
    }),
    column.accessor('status', {
      meta: { sortable: true },
      header: t('columns.status'),
      cell: ({ row: { original: d } }) => (
        <div className="flex flex-col items-start gap-1" data-testid={`deposit-status-${d.id}`}>
          <StatusBadge tone={TONE[d.status]}>{t(`status.${d.status}`)}</StatusBadge>
          {d.detail && <span className="max-w-56 text-xs break-words text-muted">{d.detail}</span>}
          {d.reviewedBy && <span className="text-xs text-subtle">{t('reviewedBy', { name: d.reviewedBy })}</span>}
        </div>
      ),
    }),
    column.display({
      id: 'actions',
      header: t('columns.actions'),
      meta: { align: 'right' },
      cell: ({ row: { original: d } }) => (
        <div className="flex flex-wrap justify-end gap-1.5">
          {d.status === 'review' && d.depositId && (
            <>
              <Button size="sm" onClick={() => setAction({ kind: 'confirm', row: d })} data-testid={`confirm-${d.id}`}>
                {t('actions.confirm')}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setAction({ kind: 'reject', row: d })}
                data-testid={`reject-${d.id}`}
              >
                {t('actions.reject')}
              </Button>
            </>
          )}
          {d.channel === 'slip' && d.status === 'failed' && (
            <Button size="sm" variant="secondary" onClick={() => setAction({ kind: 'reverify', row: d })}>
              {t('actions.reverify')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setOpen(d)} data-testid={`details-${d.id}`}>
            {t('actions.details')}
          </Button>
        </div>
      ),
    }),
  ];

  const decide = (kind: Action, row: AdminDepositRow, note: string) =>
    unlessDecided(async () => {
      const result =
        kind === 'reverify'
          ? await adminCall(adminApi.deposits.reverifySlip, { params: { id: row.id }, body: { note } })
          : await adminCall(kind === 'confirm' ? adminApi.deposits.confirm : adminApi.deposits.reject, {
              params: { id: row.depositId ?? row.id },
              body: { note },
            });
      notify.success(t(`done.${kind}`, { status: t(`status.${result.row.status}`) }));
      await refresh();
    }, refresh);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={<DepositSummary />}>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-48">
            <SelectField
              label={t('filters.status')}
              options={[
                { value: '', label: t('filters.allStatuses') },
                ...ADMIN_DEPOSIT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
              ]}
              value={status ?? ''}
              onChange={(event) => list.setFilter('status', event.target.value)}
              data-testid="deposits-status-filter"
            />
          </div>
          <div className="w-44">
            <SelectField
              label={t('filters.channel')}
              options={[
                { value: '', label: t('filters.allChannels') },
                ...DEPOSIT_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) })),
              ]}
              value={channel ?? ''}
              onChange={(event) => list.setFilter('channel', event.target.value)}
              data-testid="deposits-channel-filter"
            />
          </div>
          <MemberFilter
            value={list.filters.member}
            onApply={(text) => list.setFilter('member', text)}
            label={t('filters.member')}
            placeholder={t('filters.memberHint')}
            maxLength={32}
            data-testid="deposits-member-filter"
          />
          <DateRangeFilter value={list.days} onChange={list.setDays} />
        </div>
      </PageHeader>
      <PagedTable
        list={list}
        query={query}
        label={t('title')}
        columns={columns}
        getRowId={(d) => `${d.channel}-${d.id}`}
        empty={t('empty')}
        rowClassName={(d) => (d.status === 'review' ? 'bg-warning/5' : undefined)}
        {...tableSort}
      />
      {action?.kind === 'confirm' && (
        // four eyes on manual notices: the dialog shows a refusal or "waiting for a second operator" (ADR 0022)
        <ConfirmDepositDialog
          open
          onOpenChange={(isOpen) => !isOpen && setAction(null)}
          row={action.row}
          onSuccess={({ credited }) => {
            if (credited) notify.success(t('done.confirm'));
            void refresh();
          }}
        />
      )}
      {action && action.kind !== 'confirm' && (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && setAction(null)}
          title={t(`confirm.${action.kind}.title`)}
          description={t(`confirm.${action.kind}.body`, {
            amount: action.row.amount === null ? '—' : `${formatMoney(action.row.amount)} ${action.row.currency}`,
            name: action.row.member.name,
          })}
          confirmLabel={t(`actions.${action.kind}`)}
          tone={action.kind === 'reject' ? 'danger' : 'primary'}
          reason="required"
          onConfirm={(note) => decide(action.kind, action.row, note)}
        />
      )}
      {open && <DepositDetailDialog row={open} onClose={() => setOpen(null)} />}
    </>
  );
}
