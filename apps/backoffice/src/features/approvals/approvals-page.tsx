import { adminApi } from '@wallet/contract/admin/admin-api';
import { APPROVAL_KINDS, type Approval } from '@wallet/contract/admin/approvals';
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
import { MoneyCell } from '../../components/money-cell.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyRows } from '../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { ValueDiff } from '../../components/value-diff.tsx';
import { adminCall } from '../../lib/api.ts';
import { unlessDecided } from '../../lib/decided.ts';
import { useOperator } from '../../lib/operator.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const TABS = ['pending', 'approved', 'rejected'] as const;
type Tab = (typeof TABS)[number];
const TONE: Record<Approval['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  within_limit: 'neutral',
};
const column = createColumnHelper<Approval>();
const major = (minor: string) => Number(minor) / MINOR_PER_MAJOR;

/** What a request is about, in one cell: the member and amount, or the setting's change. */
function Subject({ row }: { row: Approval }) {
  const { t } = useTranslation('approvals');
  if (row.kind === 'setting') {
    const p = row.payload as { key?: string; before?: unknown; after?: unknown };
    return (
      <div className="min-w-64">
        <div className="font-mono text-sm font-semibold">{p.key}</div>
        <ValueDiff before={p.before} after={p.after} labels={t('diff', { returnObjects: true }) as never} />
      </div>
    );
  }
  const note = String((row.payload as { reason?: unknown; note?: unknown }).reason ?? row.payload.note ?? '');
  return (
    <div className="leading-tight">
      <Link to={`/members/${row.memberId}`} className="font-mono font-semibold text-primary hover:underline">
        {t('member', { id: row.memberId })}
      </Link>
      <div className="text-xs text-muted">
        {row.target} · {note}
      </div>
    </div>
  );
}

/**
 * The one four-eyes queue (docs/decisions/0022-four-eyes-approvals.md): adjustments, manual deposit confirmations
 * and money-critical settings waiting for a second operator, oldest first. The requester sees their own requests
 * without an approve button (the server refuses it anyway) and may withdraw them.
 */
export default function ApprovalsPage() {
  const { t } = useTranslation('approvals');
  const me = useOperator();
  const list = useListParams(['status', 'kind']);
  const status: Tab = (TABS as readonly string[]).includes(list.filters.status)
    ? (list.filters.status as Tab)
    : 'pending';
  const kind = (APPROVAL_KINDS as readonly string[]).includes(list.filters.kind)
    ? (list.filters.kind as Approval['kind'])
    : undefined;
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<{ action: 'approve' | 'reject'; row: Approval } | null>(null);
  const query = usePagedQuery(['admin', 'approvals'], list, (q) => adminCall(adminApi.approvals.list, { query: q }), {
    status,
    ...(kind ? { kind } : {}),
  });

  const columns = [
    column.accessor('requestedAt', {
      header: t('columns.requested'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.accessor('kind', { header: t('columns.kind'), cell: (c) => t(`kind.${c.getValue()}`) }),
    column.display({ id: 'subject', header: t('columns.subject'), cell: (c) => <Subject row={c.row.original} /> }),
    column.accessor('requestedBy', { header: t('columns.requestedBy') }),
    column.accessor('status', {
      header: t('columns.status'),
      cell: (c) => (
        <div className="leading-tight">
          <StatusBadge tone={TONE[c.getValue()]}>{t(`status.${c.getValue()}`)}</StatusBadge>
          {c.row.original.decidedBy && c.getValue() !== 'within_limit' && (
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
      meta: { align: 'right' },
      cell: (c) => {
        const v = c.getValue();
        return v === null ? '—' : <MoneyCell amount={major(v)} currency={c.row.original.currency ?? ''} isSigned />;
      },
    }),
    column.display({
      id: 'actions',
      header: t('columns.actions'),
      meta: { align: 'right' },
      cell: ({ row: { original: row } }) => {
        if (row.status !== 'pending') return null;
        const isOwn = row.requestedBy === me.username;
        const mayDecide = me.roles.includes(row.role as never);
        return (
          <div className="flex flex-wrap items-center justify-end gap-1.5">
            {isOwn ? (
              <span className="max-w-48 text-right text-xs text-muted">{t('ownRequest')}</span>
            ) : mayDecide ? (
              <Button
                size="sm"
                onClick={() => setDeciding({ action: 'approve', row })}
                data-testid={`approval-approve-${row.id}`}
              >
                {t('actions.approve')}
              </Button>
            ) : (
              <span className="max-w-48 text-right text-xs text-muted">{t('needsRole', { role: row.role })}</span>
            )}
            {(isOwn || mayDecide) && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDeciding({ action: 'reject', row })}
                data-testid={`approval-reject-${row.id}`}
              >
                {t(isOwn ? 'actions.withdraw' : 'actions.reject')}
              </Button>
            )}
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
            {TABS.map((s) => (
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
          <div role="tablist" className="flex gap-1 rounded-xl bg-bg p-1 ring-1 ring-line">
            {[undefined, ...APPROVAL_KINDS].map((k) => (
              <button
                key={k ?? 'all'}
                type="button"
                role="tab"
                aria-selected={kind === k}
                onClick={() => list.setFilter('kind', k ?? '')}
                className={clsx(
                  'min-h-9 rounded-lg px-3 text-sm font-semibold',
                  kind === k ? 'bg-primary text-on-primary' : 'text-muted hover:text-fg',
                )}
              >
                {k ? t(`kind.${k}`) : t('kind.all')}
              </button>
            ))}
          </div>
        </div>
      </PageHeader>
      <PagedTable
        list={list}
        query={query}
        label={t('title')}
        columns={columns}
        getRowId={(r) => String(r.id)}
        empty={status === 'pending' ? <EmptyRows title={t('emptyPending')} /> : undefined}
      />
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => !open && setDeciding(null)}
        tone={deciding?.action === 'reject' ? 'danger' : 'primary'}
        title={deciding ? t(`confirm.${deciding.action}`, { what: t(`kind.${deciding.row.kind}`) }) : ''}
        description={deciding ? t('confirm.by', { name: deciding.row.requestedBy }) : undefined}
        confirmLabel={t(deciding?.action === 'reject' ? 'actions.reject' : 'actions.approve')}
        reason={deciding?.action === 'reject' ? 'required' : 'none'}
        onConfirm={async (note) => {
          if (!deciding) return;
          const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
          // someone decided it first: who did what when, the dialog closes, the list refreshes (ADR 0033)
          await unlessDecided(async () => {
            const { row, action } = deciding;
            if (action === 'approve') {
              await adminCall(adminApi.approvals.approve, {
                params: { id: row.id },
                idempotencyKey: `approval-${row.id}`,
              });
              notify.success(t('done.approved'));
            } else {
              await adminCall(adminApi.approvals.reject, { params: { id: row.id }, body: { note } });
              notify.success(t('done.rejected'));
            }
            await refresh();
          }, refresh);
        }}
      >
        {deciding && (
          <div className="rounded-xl bg-bg px-3 py-2 ring-1 ring-line">
            <Subject row={deciding.row} />
            {deciding.row.amount !== null && (
              <div className="mt-1 text-lg font-bold tabular-nums">
                <MoneyCell amount={major(deciding.row.amount)} currency={deciding.row.currency ?? ''} isSigned />
              </div>
            )}
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
