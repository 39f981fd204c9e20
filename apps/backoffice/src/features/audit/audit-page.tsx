// Longer than 300 lines by choice: the audit page is one screen (filters, the sorted table, the detail with amounts in
// their units and the raw JSON the chain covers) sharing one list state; the list wiring lives in useSortedList.
import { adminApi } from '@wallet/contract/admin/admin-api';
import { AUDIT_SORTS, type AuditRow } from '@wallet/contract/admin/audit';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { formatDateTime } from '@wallet/web-core/format';
import { clsx } from 'clsx';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminIcon } from '../../components/admin-icon.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyRows } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useSortedList } from '../../lib/use-sorted-list.ts';
import { brief, changedFields, withMoney } from './changes.ts';

const column = createColumnHelper<AuditRow>();
/** suggestions for the action filter (a prefix matches every action under it) */
const KNOWN_ACTIONS = [
  'operator',
  'operator.create',
  'operator.update',
  'operator.totp',
  'operator.session.revoke',
  'settings.update',
  'withdrawal',
  'member',
  'deposit',
];
const inputClass =
  'h-11 w-44 rounded-xl bg-bg-raised px-3 text-sm text-fg ring-1 ring-line ring-inset focus:ring-2 focus:ring-primary focus:outline-none';

export default function AuditPage() {
  const { t } = useTranslation('audit');
  const { list, sort, tableSort } = useSortedList({
    filters: ['operator', 'action'],
    sorts: AUDIT_SORTS,
    defaultSort: { id: 'at', dir: 'desc' },
  });
  const [detail, setDetail] = useState<AuditRow | null>(null);
  // the detail shows amounts in baht or kip; the raw JSON (what the hash chain covers) is one click away
  const [isRaw, setRaw] = useState(false);
  const filters = {
    ...(list.filters.operator ? { operator: list.filters.operator } : {}),
    ...(list.filters.action ? { action: list.filters.action } : {}),
  };
  const query = usePagedQuery(['admin', 'audit'], list, (q) => adminCall(adminApi.audit.list, { query: q }), {
    ...filters,
    sort: sort.id,
    dir: sort.dir,
  });
  const isFiltered = Object.keys(filters).length > 0 || !!list.days.from || !!list.days.to;

  const columns = [
    column.accessor('at', {
      meta: { sortable: true },
      header: t('columns.at'),
      cell: (c) => <span className="whitespace-nowrap text-muted tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.accessor('operator', {
      meta: { sortable: true },
      header: t('columns.operator'),
      cell: (c) => <span className="font-semibold text-fg">{c.getValue()}</span>,
    }),
    column.accessor('action', {
      meta: { sortable: true },
      header: t('columns.action'),
      cell: (c) => (
        <StatusBadge tone={c.getValue().startsWith('settings') ? 'warning' : 'info'}>{c.getValue()}</StatusBadge>
      ),
    }),
    column.accessor('target', {
      meta: { sortable: true },
      header: t('columns.target'),
      cell: (c) => <code className="font-mono text-xs text-fg">{c.getValue()}</code>,
    }),
    column.display({
      id: 'changes',
      header: t('columns.changes'),
      cell: ({ row: { original: row } }) => {
        const fields = changedFields(row.before, row.after);
        const [before, after] = [withMoney(row.before), withMoney(row.after)];
        return (
          <button
            type="button"
            onClick={() => setDetail(row)}
            className="max-w-[340px] truncate rounded-lg px-2 py-1 text-left text-xs text-muted hover:bg-white/5 hover:text-fg"
            title={t('details')}
          >
            {row.before === null ? t('created') : fields.length ? fields.join(', ') : '—'}
            {fields.length === 1 && row.before !== null && (
              <span className="ml-1 text-subtle">
                {brief((before as Record<string, unknown>)?.[fields[0]!] ?? before, 24)} →{' '}
                {brief((after as Record<string, unknown>)?.[fields[0]!] ?? after, 24)}
              </span>
            )}
          </button>
        );
      },
    }),
    column.accessor('ip', {
      header: t('columns.ip'),
      cell: (c) => <span className="font-mono text-xs text-muted">{c.getValue() ?? '—'}</span>,
    }),
    column.accessor('id', {
      header: '#',
      meta: { align: 'right' },
      cell: (c) => <span className="text-xs text-subtle tabular-nums">{c.getValue()}</span>,
    }),
  ];

  return (
    <>
      <PageHeader title={t('title')} description={t('description')}>
        <ChainStatus />
        <FilterBar
          operator={list.filters.operator}
          action={list.filters.action}
          onApply={(operator, action) => {
            list.setFilter('operator', operator);
            list.setFilter('action', action);
          }}
        >
          <DateRangeFilter value={list.days} onChange={list.setDays} />
        </FilterBar>
      </PageHeader>
      <PagedTable
        list={list}
        query={query}
        label={t('title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        empty={<EmptyRows title={isFiltered ? t('common:table.emptyFiltered') : undefined} />}
        {...tableSort}
      />
      <Modal
        open={detail !== null}
        onOpenChange={(open) => {
          if (open) return;
          setDetail(null);
          setRaw(false);
        }}
        size="lg"
        title={detail ? `${detail.action} · ${detail.target}` : ''}
        description={
          detail ? `${formatDateTime(detail.at)} · ${detail.operator}${detail.ip ? ` · ${detail.ip}` : ''}` : undefined
        }
      >
        {detail && (
          <div className="grid gap-3 pb-4 sm:grid-cols-2">
            <div className="col-span-full flex justify-end">
              <Button
                size="sm"
                variant="ghost"
                aria-pressed={isRaw}
                onClick={() => setRaw((raw) => !raw)}
                data-testid="audit-raw"
              >
                {isRaw ? t('readable') : t('raw')}
              </Button>
            </div>
            {(['before', 'after'] as const).map((side) => (
              <div key={side} className="min-w-0">
                <p className="mb-1 text-xs font-semibold text-muted uppercase">{t(side)}</p>
                <pre
                  className="max-h-80 overflow-auto rounded-xl bg-bg p-3 font-mono text-xs leading-relaxed text-fg ring-1 ring-line"
                  data-testid={`audit-${side}`}
                >
                  {JSON.stringify(isRaw ? detail[side] : withMoney(detail[side]), null, 2)}
                </pre>
              </div>
            ))}
            <p className="col-span-full font-mono text-[11px] break-all text-subtle">sha256 {detail.hash}</p>
          </div>
        )}
      </Modal>
    </>
  );
}

function FilterBar({
  operator,
  action,
  onApply,
  children,
}: {
  operator: string;
  action: string;
  onApply: (operator: string, action: string) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('audit');
  const [draftOperator, setOperator] = useState(operator);
  const [draftAction, setAction] = useState(action);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draftOperator.trim().toLowerCase(), draftAction.trim().toLowerCase());
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" role="search">
        <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
          {t('filters.operator')}
          <input
            className={inputClass}
            value={draftOperator}
            onChange={(e) => setOperator(e.target.value)}
            placeholder="admin"
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
          {t('filters.action')}
          <input
            className={inputClass}
            list="audit-actions"
            value={draftAction}
            onChange={(e) => setAction(e.target.value)}
            placeholder="settings"
          />
          <datalist id="audit-actions">
            {KNOWN_ACTIONS.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </label>
        <Button type="submit" size="sm" variant="secondary">
          {t('common:actions.apply')}
        </Button>
        {(operator || action) && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => {
              setOperator('');
              setAction('');
              onApply('', '');
            }}
          >
            {t('common:actions.clear')}
          </Button>
        )}
      </form>
      {children}
    </div>
  );
}

/** The hash chain's check: every row links to the one before and hashes to its content. */
function ChainStatus() {
  const { t } = useTranslation('audit');
  const verify = useQuery({
    queryKey: ['admin', 'audit', 'verify'],
    queryFn: () => adminCall(adminApi.audit.verify),
    staleTime: 0,
  });
  const result = verify.data;
  const tone = !result ? 'neutral' : result.ok ? 'ok' : 'broken';
  return (
    <section
      aria-live="polite"
      data-testid="audit-chain"
      className={clsx(
        'flex flex-wrap items-center gap-3 rounded-2xl px-4 py-3 ring-1',
        tone === 'ok' && 'bg-success/8 ring-success/30',
        tone === 'broken' && 'bg-danger/10 ring-danger/40',
        tone === 'neutral' && 'bg-surface ring-line',
      )}
    >
      <AdminIcon
        name={tone === 'broken' ? 'alert' : 'shield'}
        className={clsx('size-6', tone === 'ok' ? 'text-success' : tone === 'broken' ? 'text-danger' : 'text-muted')}
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-fg">
          {verify.isPending
            ? t('chain.checking')
            : verify.isError
              ? t('chain.failed')
              : result?.ok
                ? t('chain.ok', { count: result.rows })
                : t('chain.broken', { count: result?.problems.length ?? 0 })}
        </p>
        {result && (
          <p className="text-xs text-muted">{t('chain.checkedAt', { at: formatDateTime(result.checkedAt) })}</p>
        )}
        {result && !result.ok && (
          <ul className="mt-2 list-disc pl-5 text-xs text-danger">
            {result.problems.slice(0, 10).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
      <Button size="sm" variant="secondary" isLoading={verify.isFetching} onClick={() => void verify.refetch()}>
        {t('chain.again')}
      </Button>
    </section>
  );
}
