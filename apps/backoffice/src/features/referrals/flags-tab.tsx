import { adminApi } from '@wallet/contract/admin/admin-api';
import type { SelfReferralFlag } from '@wallet/contract/admin/referral-refunds';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { formatDateTime } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { EmptyRows } from '../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { FlagReviewDialog, type ReviewDecision } from './flag-review-dialog.tsx';

const column = createColumnHelper<SelfReferralFlag>();
const REVIEW_TONE: Record<SelfReferralFlag['review'], BadgeTone> = {
  held: 'warning',
  approved: 'success',
  rejected: 'danger',
};

function MemberLink({ id, name }: { id: number; name: string }) {
  return (
    <Link to={`/members/${id}`} className="group leading-tight">
      <span className="block font-semibold text-fg group-hover:text-primary">{name}</span>
      <span className="font-mono text-xs text-muted">#{id}</span>
    </Link>
  );
}

/**
 * Invites whose commission the referral module holds: inviter and invitee share a bank account, a phone, a device or
 * an address. Each held one is approved (paid) or rejected here, with a reason (audited).
 */
export function FlagsTab() {
  const { t } = useTranslation('referrals');
  const queryClient = useQueryClient();
  const list = useListParams();
  const [reviewing, setReviewing] = useState<{ flag: SelfReferralFlag; decision: ReviewDecision } | null>(null);
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
    column.accessor('sharedAddresses', {
      header: t('flags.addresses'),
      cell: (c) => <span className="font-mono text-xs">{c.getValue().join(', ') || '—'}</span>,
    }),
    column.accessor('withheld', {
      header: t('flags.withheld'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell amount={c.getValue()} />,
    }),
    column.accessor('paid', {
      header: t('flags.paid'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell amount={c.getValue()} />,
    }),
    column.display({
      id: 'review',
      header: t('flags.review'),
      cell: ({ row: { original: f } }) =>
        f.review === 'held' ? (
          <span className="flex gap-2">
            <Button size="sm" onClick={() => setReviewing({ flag: f, decision: 'approve' })} data-testid="flag-approve">
              {t('review.approve')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => setReviewing({ flag: f, decision: 'reject' })}
              data-testid="flag-reject"
            >
              {t('review.reject')}
            </Button>
          </span>
        ) : (
          <span className="flex flex-col gap-0.5" title={f.reviewReason ?? undefined}>
            <StatusBadge tone={REVIEW_TONE[f.review]}>{t(`review.state.${f.review}`)}</StatusBadge>
            <span className="text-xs text-muted">
              {f.reviewedBy} · {formatDateTime(f.reviewedAt)}
            </span>
          </span>
        ),
    }),
  ];
  return (
    <>
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
      {reviewing && (
        <FlagReviewDialog
          open
          onOpenChange={(open) => !open && setReviewing(null)}
          flag={reviewing.flag}
          decision={reviewing.decision}
          onSuccess={(flag) => {
            notify.success(t(`review.done.${flag.review}`));
            void queryClient.invalidateQueries({ queryKey: ['admin', 'referral'] });
          }}
        />
      )}
    </>
  );
}
