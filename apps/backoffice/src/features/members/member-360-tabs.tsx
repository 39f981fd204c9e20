import { adminApi } from '@wallet/contract/admin/admin-api';
import type { LinkedMember, MemberNote } from '@wallet/contract/admin/member360';
import type { ResponseOf } from '@wallet/contract/endpoint';
import { createColumnHelper } from '@tanstack/react-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { formatAccountNumber } from '@wallet/web-core/format-account-number';
import { formatDateTime } from '@wallet/web-core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { ExportButton } from '../../components/export-button.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useLocalList } from './member-tabs.tsx';

/** The member 360 page's connected tabs (docs/decisions/0034-member-360-and-exports.md). */
const STATUS_TONE: Record<string, BadgeTone> = {
  credited: 'success',
  paid: 'success',
  review: 'warning',
  pending_review: 'warning',
  approved: 'info',
  paying: 'info',
  rejected: 'danger',
  payout_failed: 'danger',
  cancelled: 'neutral',
};
const when = (at: string) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(at)}</span>;
const mono = (text: string | null) => <span className="font-mono text-xs break-all">{text ?? '—'}</span>;

type DepositRow = ResponseOf<typeof adminApi.member360.deposits>['rows'][number];
const depositColumn = createColumnHelper<DepositRow>();

export function DepositsTab({ memberId, currency }: { memberId: number; currency: string }) {
  const { t } = useTranslation('members');
  const list = useLocalList();
  const query = usePagedQuery(['admin', 'member', memberId, 'deposits'], list, (q) =>
    adminCall(adminApi.member360.deposits, { params: { id: memberId }, query: q }),
  );
  const columns = [
    depositColumn.accessor('createdAt', { header: t('money.at'), cell: (c) => when(c.getValue()) }),
    depositColumn.accessor('channel', { header: t('money.channel'), cell: (c) => c.getValue().toUpperCase() }),
    depositColumn.accessor('reference', { header: t('money.reference'), cell: (c) => mono(c.getValue()) }),
    depositColumn.accessor('status', {
      header: t('money.status'),
      cell: (c) => (
        <StatusBadge tone={STATUS_TONE[c.getValue()] ?? 'neutral'}>
          {t(`moneyStatus.${c.getValue()}`, { defaultValue: c.getValue() })}
        </StatusBadge>
      ),
    }),
    depositColumn.accessor('reviewedBy', { header: t('money.reviewedBy'), cell: (c) => c.getValue() ?? '—' }),
    depositColumn.accessor('amount', {
      header: t('money.amount'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell amount={c.getValue()} currency={currency} />,
    }),
  ];
  return (
    <div data-testid="slot-deposits">
      <PagedTable
        hasDateFilter
        list={list}
        query={query}
        label={t('tabs.deposits')}
        columns={columns}
        getRowId={(r) => r.id}
      />
    </div>
  );
}

type WithdrawalRow = ResponseOf<typeof adminApi.member360.withdrawals>['rows'][number];
const withdrawalColumn = createColumnHelper<WithdrawalRow>();

export function WithdrawalsTab({ memberId, currency }: { memberId: number; currency: string }) {
  const { t } = useTranslation('members');
  const list = useLocalList();
  const query = usePagedQuery(['admin', 'member', memberId, 'withdrawals'], list, (q) =>
    adminCall(adminApi.member360.withdrawals, { params: { id: memberId }, query: q }),
  );
  const columns = [
    withdrawalColumn.accessor('createdAt', { header: t('money.at'), cell: (c) => when(c.getValue()) }),
    withdrawalColumn.accessor('id', { header: t('money.id'), cell: (c) => mono(c.getValue()) }),
    withdrawalColumn.accessor('bankAccountNo', {
      header: t('money.account'),
      cell: (c) => <span className="font-mono tabular-nums">{formatAccountNumber(c.getValue())}</span>,
    }),
    withdrawalColumn.accessor('status', {
      header: t('money.status'),
      cell: (c) => (
        <StatusBadge tone={STATUS_TONE[c.getValue()] ?? 'neutral'}>
          {t(`moneyStatus.${c.getValue()}`, { defaultValue: c.getValue() })}
        </StatusBadge>
      ),
    }),
    withdrawalColumn.accessor('reviewedBy', {
      header: t('money.reviewedBy'),
      cell: (c) => c.getValue() ?? c.row.original.rejectReason ?? '—',
    }),
    withdrawalColumn.accessor('amount', {
      header: t('money.amount'),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell amount={c.getValue()} currency={currency} />,
    }),
  ];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <ExportButton path="/api/admin/exports/withdrawals.csv" query={{ memberId, ...list.query }} />
      </div>
      <PagedTable
        hasDateFilter
        list={list}
        query={query}
        label={t('tabs.withdrawals')}
        columns={columns}
        getRowId={(r) => r.id}
      />
    </div>
  );
}

export function NotesTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const key = ['admin', 'member', memberId, 'notes'];
  const query = useQuery({
    queryKey: [...key, page],
    queryFn: () => adminCall(adminApi.member360.notes, { params: { id: memberId }, query: { page, pageSize: 20 } }),
  });
  const add = useMutation({
    mutationFn: (body: string) => adminCall(adminApi.member360.addNote, { params: { id: memberId }, body: { body } }),
    onSuccess: async () => {
      setDraft('');
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const rows: MemberNote[] = query.data?.rows ?? [];
  const totalPages = Math.max(1, Math.ceil((query.data?.total ?? 0) / 20));
  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-col gap-2 rounded-2xl bg-surface p-4 ring-1 ring-line"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.trim()) add.mutate(draft.trim());
        }}
      >
        <label htmlFor="member-note" className="text-sm font-semibold">
          {t('notes.add')}
        </label>
        <textarea
          id="member-note"
          name="note"
          rows={3}
          maxLength={2000}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('notes.placeholder')}
          className="rounded-xl bg-bg px-3 py-2 text-sm text-fg ring-1 ring-line focus:ring-2 focus:ring-primary"
        />
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted">{t('notes.hint')}</span>
          <Button type="submit" size="sm" disabled={!draft.trim() || add.isPending} data-testid="add-note">
            {t('notes.save')}
          </Button>
        </div>
      </form>
      {query.isPending && <LoadingState />}
      {query.error && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && rows.length === 0 && <EmptyState title={t('notes.empty')} />}
      <ol className="flex flex-col gap-2" data-testid="member-notes">
        {rows.map((note) => (
          <li key={note.id} className="rounded-xl bg-surface px-4 py-3 ring-1 ring-line">
            <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
              <span className="font-semibold text-fg">{note.operator}</span>
              <span className="tabular-nums">{formatDateTime(note.createdAt)}</span>
            </div>
            <p className="mt-1 text-sm break-words whitespace-pre-wrap">{note.body}</p>
          </li>
        ))}
      </ol>
      {totalPages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm">
          <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹
          </Button>
          <span className="tabular-nums">
            {page} / {totalPages}
          </span>
          <Button size="sm" variant="ghost" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            ›
          </Button>
        </div>
      )}
    </div>
  );
}

const linkedColumn = createColumnHelper<LinkedMember>();

export function LinkedTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation('members');
  const query = useQuery({
    queryKey: ['admin', 'member', memberId, 'linked'],
    queryFn: () => adminCall(adminApi.member360.linked, { params: { id: memberId } }),
  });
  const columns = [
    linkedColumn.accessor((r) => r.member.name, {
      id: 'name',
      header: t('columns.name'),
      cell: ({ row: { original: r } }) => (
        <Link to={`/members/${r.member.id}`} className="font-semibold text-primary hover:underline">
          {r.member.name} <span className="font-mono text-muted">#{r.member.id}</span>
        </Link>
      ),
    }),
    linkedColumn.accessor((r) => r.member.username, { id: 'phone', header: t('profile.phone') }),
    linkedColumn.display({
      id: 'reasons',
      header: t('linked.reason'),
      cell: ({ row: { original: r } }) => (
        <span className="flex flex-wrap gap-1">
          {r.reasons.map((reason) => (
            <StatusBadge key={reason} tone={reason === 'bank_account' ? 'danger' : 'warning'}>
              {t(`linked.${reason}`)}
            </StatusBadge>
          ))}
          {r.ips.length > 0 && <span className="font-mono text-xs text-muted">{r.ips.join(', ')}</span>}
        </span>
      ),
    }),
  ];
  if (query.isPending) return <LoadingState />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <p className="mb-2 text-sm text-muted">{t('linked.hint')}</p>
      <DataTable
        label={t('tabs.linked')}
        columns={columns}
        data={{ rows: query.data.rows, total: query.data.rows.length, page: 1, pageSize: 20 }}
        onPageChange={() => undefined}
        getRowId={(r) => String(r.member.id)}
        empty={<EmptyState title={t('linked.empty')} />}
      />
    </>
  );
}

export function ChatsTab({ memberId }: { memberId: number }) {
  const { t } = useTranslation('members');
  const query = useQuery({
    queryKey: ['admin', 'member', memberId, 'chats'],
    queryFn: async () => {
      const lists = await Promise.all(
        (['active', 'resolved'] as const).map((status) =>
          adminCall(adminApi.chat.conversations, { body: { status, filter: 'all', q: String(memberId) } }),
        ),
      );
      return lists
        .flatMap((l) => l.conversations)
        .filter((c) => c.memberId === memberId)
        .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
    },
  });
  if (query.isPending) return <LoadingState />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={t('chats.empty')} />;
  return (
    <ol className="flex flex-col gap-2">
      {query.data.map((c) => (
        <li key={c.id}>
          <Link
            to={`/chat?conversation=${c.id}`}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface px-4 py-3 ring-1 ring-line hover:ring-primary/40"
          >
            <span className="min-w-0 flex-1 truncate text-sm">{c.lastMessage}</span>
            <span className="flex items-center gap-2 text-xs text-muted">
              <StatusBadge tone={c.status === 'resolved' ? 'neutral' : 'success'}>{t(`chats.${c.status}`)}</StatusBadge>
              {c.assignee?.username ?? '—'} · <span className="tabular-nums">{formatDateTime(c.lastMessageAt)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
