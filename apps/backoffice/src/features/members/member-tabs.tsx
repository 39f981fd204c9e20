import { adminApi } from '@wallet/contract/admin/admin-api';
import type { Adjustment, GameTransferRow, LedgerEntryRow, MemberDetail } from '@wallet/contract/admin/members';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { formatDateTime } from '@wallet/web-core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import type { DayRange } from '../../components/date-range-filter.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { instantRange } from '../../lib/bangkok.ts';

/** Paging and a Bangkok date range for a table inside the member page (the URL keeps the search's). */
export function useLocalList() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [days, setDays] = useState<DayRange>({});
  return {
    page,
    pageSize,
    days,
    query: { page, pageSize, ...instantRange(days) },
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
    setDays: (next: DayRange) => {
      setDays(next);
      setPage(1);
    },
  };
}

const ledgerColumn = createColumnHelper<LedgerEntryRow>();

export function LedgerTab({ memberId }: { memberId: number; currency: string }) {
  const { t } = useTranslation('members');
  const list = useLocalList();
  const query = usePagedQuery(['admin', 'member', memberId, 'ledger'], list, (q) =>
    adminCall(adminApi.members.ledger, { params: { id: memberId }, query: q }),
  );
  const columns = [
    ledgerColumn.accessor('at', {
      header: t('ledger.at'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    ledgerColumn.accessor('kind', {
      header: t('ledger.kind'),
      cell: (c) => <StatusBadge tone="info">{c.getValue()}</StatusBadge>,
    }),
    ledgerColumn.accessor('account', {
      header: t('ledger.account'),
      cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span>,
    }),
    ledgerColumn.accessor('reason', {
      header: t('ledger.reason'),
      cell: (c) => <span className="text-muted">{c.getValue() ?? c.row.original.reference ?? '—'}</span>,
    }),
    ledgerColumn.accessor('amount', {
      header: t('ledger.amount'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell minor={c.getValue()} currency={c.row.original.currency} isSigned />,
    }),
  ];
  return (
    <PagedTable
      hasDateFilter
      list={list}
      query={query}
      label={t('tabs.ledger')}
      columns={columns}
      getRowId={(r) => r.entryId}
    />
  );
}

const TRANSFER_TONE: Record<string, BadgeTone> = { pending: 'warning', success: 'success', failed: 'danger' };
const transferColumn = createColumnHelper<GameTransferRow>();

export function TransfersTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation('members');
  const list = useLocalList();
  const query = usePagedQuery(['admin', 'member', memberId, 'transfers'], list, (q) =>
    adminCall(adminApi.members.transfers, { params: { id: memberId }, query: q }),
  );
  const columns = [
    transferColumn.accessor('createdAt', {
      header: t('transfers.at'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    transferColumn.accessor('game', { header: t('transfers.game'), cell: (c) => c.getValue().toUpperCase() }),
    transferColumn.accessor('direction', {
      header: t('transfers.direction'),
      cell: (c) => t(`transfers.${c.getValue()}`),
    }),
    transferColumn.accessor('status', {
      header: t('transfers.status'),
      cell: (c) => <StatusBadge tone={TRANSFER_TONE[c.getValue()] ?? 'neutral'}>{c.getValue()}</StatusBadge>,
    }),
    transferColumn.display({
      id: 'provider',
      header: t('transfers.provider'),
      cell: ({ row: { original: r } }) => (
        <div className="text-xs leading-tight">
          <div className="font-mono">{r.providerRef ?? '—'}</div>
          <div className="text-muted">
            {t('transfers.attempts', { count: r.attempts })}
            {r.lastError ? ` · ${r.lastError}` : ''}
          </div>
        </div>
      ),
    }),
    transferColumn.accessor('amount', {
      header: t('transfers.amount'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell minor={c.getValue()} currency={c.row.original.currency} />,
    }),
  ];
  return (
    <PagedTable
      hasDateFilter
      list={list}
      query={query}
      label={t('tabs.transfers')}
      columns={columns}
      getRowId={(r) => r.id}
    />
  );
}

type Session = MemberDetail['sessions'][number];
const sessionColumn = createColumnHelper<Session>();

export function SessionsTab(props: { memberId: number; sessions: Session[]; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('members');
  const [revoking, setRevoking] = useState<Session | null>(null);
  const columns = [
    sessionColumn.accessor('createdAt', {
      header: t('sessions.signedIn'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    sessionColumn.accessor('lastSeenAt', {
      header: t('sessions.lastSeen'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    sessionColumn.accessor('ip', {
      header: t('sessions.ip'),
      cell: (c) => <span className="font-mono">{c.getValue() ?? '—'}</span>,
    }),
    sessionColumn.accessor('userAgent', {
      header: t('sessions.device'),
      cell: (c) => <span className="line-clamp-1 max-w-72 text-xs text-muted">{c.getValue() ?? '—'}</span>,
    }),
    sessionColumn.display({
      id: 'state',
      header: t('sessions.state'),
      cell: ({ row: { original: s } }) =>
        s.live ? (
          <StatusBadge tone="success">{t('sessions.live')}</StatusBadge>
        ) : (
          <StatusBadge>{s.revokedAt ? t('sessions.revoked') : t('sessions.ended')}</StatusBadge>
        ),
    }),
    sessionColumn.display({
      id: 'actions',
      header: '',
      meta: { align: 'right' },
      cell: ({ row: { original: s } }) =>
        s.live ? (
          <Button size="sm" variant="ghost" onClick={() => setRevoking(s)}>
            {t('sessions.revoke')}
          </Button>
        ) : null,
    }),
  ];
  return (
    <>
      <p className="mb-2 text-sm text-muted">{t('sessions.hint')}</p>
      <DataTable
        label={t('tabs.sessions')}
        columns={columns}
        data={{
          rows: props.sessions,
          total: props.sessions.length,
          page: 1,
          pageSize: Math.max(20, props.sessions.length),
        }}
        onPageChange={() => undefined}
        getRowId={(s) => `${s.id}-${s.createdAt}`}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        tone="danger"
        title={t('sessions.revokeTitle')}
        description={t('sessions.revokeBody')}
        confirmLabel={t('sessions.revoke')}
        onConfirm={async () => {
          if (!revoking) return;
          await adminCall(adminApi.members.revokeSession, { params: { id: props.memberId, sid: revoking.id } });
          await props.onChanged();
        }}
      />
    </>
  );
}

const ADJ_TONE: Record<Adjustment['status'], BadgeTone> = { pending: 'warning', posted: 'success', rejected: 'danger' };
const adjColumn = createColumnHelper<Adjustment>();

export function AdjustmentsTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation('members');
  const list = useLocalList();
  const query = usePagedQuery(
    ['admin', 'member', memberId, 'adjustments'],
    list,
    (q) => adminCall(adminApi.adjustments.list, { query: q }),
    { memberId },
  );
  const columns = [
    adjColumn.accessor('requestedAt', {
      header: t('adjustments.requested'),
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    adjColumn.accessor('requestedBy', { header: t('adjustments.by') }),
    adjColumn.accessor('reason', { header: t('adjustments.reason') }),
    adjColumn.accessor('status', {
      header: t('adjustments.status'),
      cell: (c) => <StatusBadge tone={ADJ_TONE[c.getValue()]}>{t(`adjustmentStatus.${c.getValue()}`)}</StatusBadge>,
    }),
    adjColumn.accessor('decidedBy', {
      header: t('adjustments.decidedBy'),
      cell: (c) => c.getValue() ?? '—',
    }),
    adjColumn.accessor('amount', {
      header: t('adjustments.amount'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell minor={c.getValue()} currency={c.row.original.currency} isSigned />,
    }),
  ];
  return (
    <PagedTable
      list={list}
      query={query}
      label={t('tabs.adjustments')}
      columns={columns}
      getRowId={(r) => String(r.id)}
    />
  );
}

export function AuditTab({ rows }: { rows: MemberDetail['audit'] }) {
  const { t } = useTranslation('members');
  if (rows.length === 0) return <EmptyState title={t('audit.empty')} />;
  return (
    <ol className="flex flex-col gap-2">
      {rows.map((row) => (
        <li key={row.id} className="rounded-xl bg-surface px-4 py-3 ring-1 ring-line">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              <StatusBadge tone="info">{row.action}</StatusBadge> <span className="font-semibold">{row.operator}</span>
            </span>
            <span className="text-muted tabular-nums">
              {formatDateTime(row.at)} {row.ip ? `· ${row.ip}` : ''}
            </span>
          </div>
          <div className="mt-1.5 grid gap-2 text-xs md:grid-cols-2">
            <code className="block overflow-auto rounded-lg bg-bg p-2 text-muted">{JSON.stringify(row.before)}</code>
            <code className="block overflow-auto rounded-lg bg-bg p-2">{JSON.stringify(row.after)}</code>
          </div>
        </li>
      ))}
    </ol>
  );
}
