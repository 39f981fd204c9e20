import { adminApi } from '@wallet/contract/admin/admin-api';
import { MEMBER_SORTS, type MemberSummary } from '@wallet/contract/admin/members';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { TextField } from '@wallet/ui/text-field';
import { formatAccountNumber } from '@wallet/web-core/format-account-number';
import { formatDateTime } from '@wallet/web-core/format';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useSortedList } from '../../lib/use-sorted-list.ts';
import { MemberMarks } from './member-marks.tsx';

const column = createColumnHelper<MemberSummary>();

export function MemberSearch() {
  const { t } = useTranslation('members');
  const { list, sort, tableSort } = useSortedList({
    filters: ['q'],
    sorts: MEMBER_SORTS,
    defaultSort: { id: 'id', dir: 'desc' },
  });
  const [text, setText] = useState(list.filters.q);
  const query = usePagedQuery(['admin', 'members'], list, (q) => adminCall(adminApi.members.search, { query: q }), {
    q: list.filters.q,
    sort: sort.id,
    dir: sort.dir,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    list.setFilter('q', text.trim());
  };

  const columns = [
    column.accessor('id', {
      header: t('columns.id'),
      meta: { sortable: true },
      cell: (c) => (
        <Link className="font-mono font-semibold text-primary hover:underline" to={`${c.getValue()}`}>
          {c.getValue()}
        </Link>
      ),
    }),
    column.accessor('name', {
      header: t('columns.name'),
      meta: { sortable: true },
      cell: (c) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="font-semibold text-fg">{c.getValue()}</span>
          <MemberMarks member={c.row.original} />
        </div>
      ),
    }),
    column.accessor('username', {
      header: t('columns.phone'),
      cell: (c) => <span className="font-mono tabular-nums">{c.getValue()}</span>,
    }),
    column.display({
      id: 'bank',
      header: t('columns.bank'),
      cell: ({ row: { original: m } }) => (
        <div className="leading-tight">
          <div className="font-mono tabular-nums">{formatAccountNumber(m.bankAccountNo)}</div>
          <div className="text-xs text-muted">
            {m.bankCode} · {m.bankAccountName}
          </div>
        </div>
      ),
    }),
    column.accessor('status', {
      header: t('columns.status'),
      cell: (c) => (
        <StatusBadge tone={c.getValue() === 'active' ? 'success' : 'danger'}>{t(`status.${c.getValue()}`)}</StatusBadge>
      ),
    }),
    column.accessor('createdAt', {
      header: t('columns.registered'),
      meta: { sortable: true },
      cell: (c) => <span className="whitespace-nowrap text-muted tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
  ];

  return (
    <>
      <PageHeader title={t('title')} description={t('description')}>
        <div className="flex flex-wrap items-end gap-3">
          <form onSubmit={onSubmit} className="flex items-end gap-2" role="search">
            <TextField
              label={t('search.label')}
              isLabelHidden
              placeholder={t('search.placeholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              containerClassName="w-80"
              name="q"
              maxLength={64}
            />
            <Button type="submit" size="md">
              {t('search.submit')}
            </Button>
          </form>
          <DateRangeFilter value={list.days} onChange={list.setDays} />
        </div>
      </PageHeader>
      <PagedTable
        list={list}
        query={query}
        label={t('title')}
        columns={columns}
        getRowId={(m) => String(m.id)}
        rowClassName={(m) => (m.flagged ? 'bg-warning/5' : undefined)}
        {...tableSort}
      />
    </>
  );
}
