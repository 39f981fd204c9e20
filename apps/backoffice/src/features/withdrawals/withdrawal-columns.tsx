import type { AdminWithdrawalRow } from '@wallet/contract/admin/withdrawals';
import type { WithdrawalStatus } from '@wallet/contract/limits';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { formatAccountNumber } from '@wallet/web-core/format-account-number';
import { formatDateTime } from '@wallet/web-core/format';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { MoneyCell } from '../../components/money-cell.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { RecentActivity } from './recent-activity.tsx';

export type Dialog =
  | { kind: 'approve'; row: AdminWithdrawalRow }
  | { kind: 'reject'; row: AdminWithdrawalRow }
  | { kind: 'retry'; row: AdminWithdrawalRow }
  | { kind: 'bulk'; rows: AdminWithdrawalRow[] }
  | { kind: 'bulkReject'; rows: AdminWithdrawalRow[] };

const TONE: Record<WithdrawalStatus, BadgeTone> = {
  pending_review: 'warning',
  approved: 'info',
  paying: 'info',
  paid: 'success',
  payout_failed: 'danger',
  rejected: 'neutral',
  cancelled: 'neutral',
};
const column = createColumnHelper<AdminWithdrawalRow>();

/** The bank's or the transport's raw failure in words (the raw text stays in the tooltip for support). */
function payoutError(t: TFunction, raw: string): string {
  if (/^timeout\b|timed? ?out/i.test(raw)) return t('payoutError.timeout');
  const code = /^([A-Z][A-Z_]+)(?::|$)/.exec(raw)?.[1];
  return code ? t(`payoutError.codes.${code}`, { defaultValue: t('payoutError.refused') }) : t('payoutError.unknown');
}

/** The finance queue's columns: selection, request time, the member (linked), amount, account, context, state, actions. */
export function withdrawalColumns({
  t,
  selected,
  toggle,
  setDialog,
}: {
  t: TFunction;
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  setDialog: (dialog: Dialog) => void;
}) {
  return [
    column.display({
      id: 'select',
      header: () => <span className="sr-only">{t('columns.select')}</span>,
      cell: ({ row: { original: w } }) =>
        w.status === 'pending_review' ? (
          <input
            type="checkbox"
            className="size-4 accent-primary"
            aria-label={t('columns.select')}
            checked={selected.has(w.id)}
            onChange={() => toggle(w.id)}
            data-testid={`withdrawal-select-${w.id}`}
          />
        ) : null,
    }),
    column.accessor('createdAt', {
      meta: { sortable: true },
      header: t('columns.requested'),
      cell: (c) => <span className="whitespace-nowrap text-muted tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.accessor('member', {
      header: t('columns.member'),
      cell: ({ row: { original: w } }) => (
        <div className="min-w-0" id={`withdrawal-row-${w.id}`}>
          <Link
            to={`/members/${w.memberId}`}
            className="font-semibold text-fg hover:text-primary hover:underline"
            data-testid={`member-link-${w.id}`}
          >
            {w.member.name || `#${w.memberId}`}
          </Link>
          <p className="text-xs text-muted tabular-nums">
            {w.member.username} · #{w.memberId}
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            {w.context.flagged && <StatusBadge tone="danger">{t('flags.flagged')}</StatusBadge>}
            {w.context.payoutHold && <StatusBadge tone="danger">{t('flags.payoutHold')}</StatusBadge>}
          </div>
        </div>
      ),
    }),
    column.accessor('amount', {
      header: t('columns.amount'),
      meta: { align: 'right', sortable: true },
      cell: ({ row: { original: w } }) => <MoneyCell amount={w.amount} currency={w.currency} />,
    }),
    column.accessor('bankAccount', {
      header: t('columns.bankAccount'),
      cell: (c) => (
        <div className="whitespace-nowrap">
          <p className="font-medium text-fg">{c.getValue().bankCode}</p>
          <p className="tabular-nums">{formatAccountNumber(c.getValue().bankAccountNo)}</p>
          <p className="text-xs text-muted">{c.getValue().bankAccountName}</p>
        </div>
      ),
    }),
    column.accessor('context', {
      header: t('columns.recent'),
      cell: ({ row: { original: w } }) => <RecentActivity context={w.context} createdAt={w.createdAt} />,
    }),
    column.accessor('status', {
      meta: { sortable: true },
      header: t('columns.status'),
      cell: ({ row: { original: w } }) => (
        <div className="flex flex-col items-start gap-1" data-testid={`withdrawal-status-${w.id}`}>
          <StatusBadge tone={TONE[w.status]}>{t(`status.${w.status}`)}</StatusBadge>
          {w.autoApproved && <span className="text-xs text-muted">{t('auto')}</span>}
          {w.payoutAttempts > 0 && (
            <span className="text-xs text-muted">
              {t('payouts', { count: w.payoutAttempts, inquiries: w.inquiries })}
            </span>
          )}
          {w.bankRef && <span className="text-xs text-muted tabular-nums">{t('bankRef', { ref: w.bankRef })}</span>}
          {w.lastError === 'PAYOUT_HOLD' && w.status === 'pending_review' ? (
            <span className="max-w-56 text-xs text-danger">{t('heldBack')}</span>
          ) : (
            w.lastError &&
            w.status !== 'paid' && (
              <span className="max-w-56 text-xs text-danger" title={w.lastError} data-testid={`payout-error-${w.id}`}>
                {payoutError(t, w.lastError)}
              </span>
            )
          )}
          {w.rejectReason && <span className="text-xs text-muted">{t(`reasons.${w.rejectReason}`)}</span>}
          {w.reviewedBy && <span className="text-xs text-subtle">{t('reviewedBy', { name: w.reviewedBy })}</span>}
        </div>
      ),
    }),
    column.display({
      id: 'actions',
      header: t('columns.actions'),
      meta: { align: 'right' },
      cell: ({ row: { original: w } }) => (
        <div className="flex justify-end gap-1.5">
          {w.status === 'pending_review' && (
            <Button size="sm" onClick={() => setDialog({ kind: 'approve', row: w })} data-testid={`approve-${w.id}`}>
              {t('actions.approve')}
            </Button>
          )}
          {w.status === 'payout_failed' && (
            <Button size="sm" onClick={() => setDialog({ kind: 'retry', row: w })} data-testid={`retry-${w.id}`}>
              {t('actions.retry')}
            </Button>
          )}
          {(w.status === 'pending_review' || w.status === 'payout_failed') && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setDialog({ kind: 'reject', row: w })}
              data-testid={`reject-${w.id}`}
            >
              {t('actions.reject')}
            </Button>
          )}
        </div>
      ),
    }),
  ];
}
