import { adminApi } from '@wallet/contract/admin/admin-api';
import type { SelfReferralFlag } from '@wallet/contract/admin/referral-refunds';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '@wallet/web-core/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
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
  const query = usePagedQuery(['admin', 'referral', 'flags'], list, (q) =>
    adminCall(adminApi.referral.flags, { query: q }),
  );
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
    <PagedTable
      hasDateFilter
      hint={t('flags.hint')}
      list={list}
      query={query}
      label={t('tabs.flags')}
      columns={columns}
      getRowId={(f) => String(f.id)}
      empty={<EmptyRows title={t('flags.emptyTitle')} description={t('flags.emptyBody')} />}
    />
  );
}
