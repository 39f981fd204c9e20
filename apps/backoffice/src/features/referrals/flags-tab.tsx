import { adminApi } from '@wallet/contract/admin/admin-api';
import type { SelfReferralFlag } from '@wallet/contract/admin/referral-refunds';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '@wallet/web-core/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import { EmptyRows } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const column = createColumnHelper<SelfReferralFlag>();

function MemberLink({ id, name }: { id: number; name: string }) {
  return (
    <Link to={`/members/${id}`} className="group leading-tight">
      <span className="block font-semibold text-fg group-hover:text-primary">{name}</span>
      <span className="font-mono text-xs text-muted">#{id}</span>
    </Link>
  );
}

/** Invites the referral module refused to pay: inviter and invitee share a bank account, a phone or a device. */
export function FlagsTab() {
  const { t } = useTranslation('referrals');
  const list = useListParams();
  const query = useQuery({
    queryKey: ['admin', 'referral', 'flags', list.query],
    queryFn: () => adminCall(adminApi.referral.flags, { query: list.query }),
    placeholderData: keepPreviousData,
  });
  const columns = [
    column.accessor('createdAt', {
      header: t('flags.at'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.display({
      id: 'inviter',
      header: t('flags.inviter'),
      cell: ({ row: { original: f } }) => <MemberLink id={f.inviterId} name={f.inviterName} />,
    }),
    column.display({
      id: 'invitee',
      header: t('flags.invitee'),
      cell: ({ row: { original: f } }) => <MemberLink id={f.inviteeId} name={f.inviteeName} />,
    }),
    column.accessor('signals', {
      header: t('flags.signals'),
      cell: (c) => (
        <span className="flex flex-wrap gap-1">
          {c.getValue().map((signal) => (
            <StatusBadge key={signal} tone="warning">
              {t(`signal.${signal}`)}
            </StatusBadge>
          ))}
        </span>
      ),
    }),
    column.accessor('withheld', {
      header: t('flags.withheld'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell amount={c.getValue()} />,
    }),
  ];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted">{t('flags.hint')}</p>
        <DateRangeFilter value={list.days} onChange={list.setDays} />
      </div>
      <DataTable
        label={t('tabs.flags')}
        columns={columns}
        data={query.data}
        isLoading={query.isPending}
        isFetching={query.isFetching && !query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        getRowId={(f) => String(f.id)}
        empty={<EmptyRows title={t('flags.emptyTitle')} description={t('flags.emptyBody')} />}
      />
    </div>
  );
}
