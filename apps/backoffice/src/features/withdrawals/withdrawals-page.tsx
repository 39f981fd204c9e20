import { adminApi } from '@wallet/contract/admin/admin-api';
import { WITHDRAWAL_SORTS } from '@wallet/contract/admin/withdrawals';
import { WITHDRAW_REJECT_REASONS, WITHDRAWAL_STATUSES } from '@wallet/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Button } from '@wallet/ui/button';
import { SelectField } from '@wallet/ui/select-field';
import { formatMoney } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { ExportButton } from '../../components/export-button.tsx';
import { MemberFilter } from '../../components/member-filter.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ShortcutSheet } from '../../components/shortcut-sheet.tsx';
import { adminCall } from '../../lib/api.ts';
import { decidedOf, unlessDecided } from '../../lib/decided.ts';
import { moveCursor, useQueueKeys } from '../../lib/queue-keys.ts';
import { memberOf, oneOf, useSortedList } from '../../lib/use-sorted-list.ts';
import { AccountSummary } from './account-summary.tsx';
import { ApproveDialog } from './approve-dialog.tsx';
import { BulkApproveDialog } from './bulk-approve-dialog.tsx';
import { withdrawalColumns, type Dialog } from './withdrawal-columns.tsx';

const KEY = ['admin', 'withdrawals'] as const;
type Reason = (typeof WITHDRAW_REJECT_REASONS)[number];

/**
 * The finance queue, live (docs/decisions/0033-live-queues.md): failed payouts first, then pending review, oldest
 * first; approve (with the member's risk context; a held member is refused), bulk approve and bulk reject (each row
 * decided on its own), reject with a reason and a note, retry a failed payout. A row someone decided first says who
 * did what when. Keys: j/k move, a approve, r reject, o open the member, ? lists them.
 */
export default function WithdrawalsPage() {
  const { t } = useTranslation('withdrawals');
  const { list, sort, tableSort } = useSortedList({
    filters: ['status', 'member'],
    sorts: WITHDRAWAL_SORTS,
    defaultSort: { id: 'queue', dir: 'asc' },
  });
  const status = oneOf(list.filters.status, WITHDRAWAL_STATUSES);
  const member = memberOf(list.filters.member);
  // the list's filters and order; the CSV export takes the same ones
  const filters = { ...(status ? { status } : {}), ...(member ? { member } : {}), sort: sort.id, dir: sort.dir };
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [reason, setReason] = useState<Reason>('TURNOVER_INCOMPLETE');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [cursor, setCursor] = useState(-1);
  const [isSheetOpen, setSheetOpen] = useState(false);
  const navigate = useNavigate();
  const query = usePagedQuery(KEY, list, (q) => adminCall(adminApi.withdrawals.list, { query: q }), filters);
  const refresh = async () => {
    setSelected(new Set());
    await queryClient.invalidateQueries({ queryKey: KEY });
  };
  const done = async (key: string, result: { withdrawal: { status: string } }) => {
    notify.success(t(key, { status: t(`status.${result.withdrawal.status}`) }));
    await refresh();
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const rows = query.data?.rows ?? [];
  const pendingRows = rows.filter((r) => r.status === 'pending_review');
  const current = cursor >= 0 ? rows[Math.min(cursor, rows.length - 1)] : undefined;
  useQueueKeys((key) => {
    if (key === '?') return setSheetOpen(true);
    if (key === 'j' || key === 'k') {
      const next = moveCursor(cursor, key, rows.length);
      setCursor(next);
      const row = rows[next];
      if (row) document.getElementById(`withdrawal-row-${row.id}`)?.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    if (!current) return;
    if (key === 'o') void navigate(`/members/${current.memberId}`);
    else if (key === 'a' && current.status === 'pending_review') setDialog({ kind: 'approve', row: current });
    else if (key === 'r' && (current.status === 'pending_review' || current.status === 'payout_failed'))
      setDialog({ kind: 'reject', row: current });
  });

  const columns = withdrawalColumns({ t, selected, toggle, setDialog });

  const chosen = pendingRows.filter((r) => selected.has(r.id));
  const row = dialog && (dialog.kind === 'reject' || dialog.kind === 'retry') ? dialog.row : undefined;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setSheetOpen(true)} data-testid="shortcuts">
              {t('common:shortcuts.button')} <kbd className="font-mono">?</kbd>
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={pendingRows.length === 0}
              onClick={() =>
                setSelected(chosen.length === pendingRows.length ? new Set() : new Set(pendingRows.map((r) => r.id)))
              }
              data-testid="select-all"
            >
              {chosen.length === pendingRows.length && chosen.length > 0
                ? t('actions.selectNone')
                : t('actions.selectAll')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={chosen.length === 0}
              onClick={() => setDialog({ kind: 'bulkReject', rows: chosen })}
              data-testid="bulk-reject"
            >
              {t('actions.bulkReject', { count: chosen.length })}
            </Button>
            <Button
              size="sm"
              disabled={chosen.length === 0}
              onClick={() => setDialog({ kind: 'bulk', rows: chosen })}
              data-testid="bulk-approve"
            >
              {t('actions.bulk', { count: chosen.length })}
            </Button>
          </div>
        }
      >
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-56">
            <SelectField
              label={t('filters.status')}
              options={[
                { value: '', label: t('filters.all') },
                ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
              ]}
              value={status ?? ''}
              onChange={(event) => list.setFilter('status', event.target.value)}
              data-testid="withdrawals-status-filter"
            />
          </div>
          <MemberFilter
            value={list.filters.member}
            onApply={(text) => list.setFilter('member', text)}
            label={t('filters.member')}
            placeholder={t('filters.memberHint')}
            maxLength={40}
            data-testid="withdrawals-member-filter"
          />
          <DateRangeFilter value={list.days} onChange={list.setDays} />
          <ExportButton
            path="/api/admin/exports/withdrawals.csv"
            query={{ from: list.query.from, to: list.query.to, ...filters }}
          />
        </div>
      </PageHeader>
      <PagedTable
        list={list}
        query={query}
        label={t('title')}
        columns={columns}
        getRowId={(w) => w.id}
        empty={t('empty')}
        rowClassName={(w) =>
          clsx(
            (w.context.flagged || w.context.payoutHold) && 'bg-danger/5',
            w.id === current?.id && 'outline-2 -outline-offset-2 outline-primary',
          ) || undefined
        }
        {...tableSort}
      />
      {row && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={t(`confirm.${dialog!.kind}.title`)}
          description={t(`confirm.${dialog!.kind}.body`, {
            amount: `${formatMoney(row.amount)} ${row.currency}`,
            name: row.member.name,
            username: row.member.username,
          })}
          confirmLabel={t(`actions.${dialog!.kind}`)}
          tone={dialog!.kind === 'reject' ? 'danger' : 'primary'}
          reason={dialog!.kind === 'reject' ? 'optional' : 'none'}
          onConfirm={(note) =>
            unlessDecided(async () => {
              const params = { id: row.id };
              if (dialog!.kind === 'retry')
                await done('done.retry', await adminCall(adminApi.withdrawals.retry, { params }));
              else
                await done(
                  'done.reject',
                  await adminCall(adminApi.withdrawals.reject, {
                    params,
                    body: { reason, ...(note ? { note } : {}) },
                  }),
                );
            }, refresh)
          }
        >
          <AccountSummary row={row} />
          {dialog!.kind === 'reject' && (
            <SelectField
              label={t('confirm.reject.reason')}
              options={WITHDRAW_REJECT_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
              value={reason}
              onChange={(event) => setReason(event.target.value as Reason)}
              data-testid="reject-reason"
            />
          )}
        </ConfirmDialog>
      )}
      {dialog?.kind === 'approve' && (
        <ApproveDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          row={dialog.row}
          onSuccess={(withdrawal) => done('done.approve', { withdrawal })}
        />
      )}
      {dialog?.kind === 'bulkReject' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={t('confirm.bulkReject.title', { count: dialog.rows.length })}
          description={t('confirm.bulkReject.body', {
            count: dialog.rows.length,
            amount: formatMoney(dialog.rows.reduce((sum, r) => sum + r.amount, 0)),
          })}
          confirmLabel={t('actions.bulkReject', { count: dialog.rows.length })}
          tone="danger"
          reason="optional"
          onConfirm={async (note) => {
            // one by one, each through the same reject as a single one: each row has its own result
            const tally = { rejected: 0, decided: 0, failed: 0 };
            for (const r of dialog.rows) {
              try {
                await adminCall(adminApi.withdrawals.reject, {
                  params: { id: r.id },
                  body: { reason, ...(note ? { note } : {}) },
                });
                tally.rejected += 1;
              } catch (err) {
                if (decidedOf(err)) tally.decided += 1;
                else tally.failed += 1;
              }
            }
            (tally.failed > 0 ? notify.warning : notify.success)(t('done.bulkReject', tally));
            await refresh();
          }}
        >
          <SelectField
            label={t('confirm.reject.reason')}
            options={WITHDRAW_REJECT_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
            value={reason}
            onChange={(event) => setReason(event.target.value as Reason)}
            data-testid="bulk-reject-reason"
          />
        </ConfirmDialog>
      )}
      <ShortcutSheet open={isSheetOpen} onOpenChange={setSheetOpen} />
      {dialog?.kind === 'bulk' && (
        <BulkApproveDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          rows={dialog.rows}
          onSuccess={refresh}
        />
      )}
    </>
  );
}
