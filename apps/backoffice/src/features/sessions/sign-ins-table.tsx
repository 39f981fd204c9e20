import { adminApi } from '@wallet/contract/admin/admin-api';
import type { OperatorSignIn } from '@wallet/contract/admin/auth';
import { createColumnHelper } from '@tanstack/react-table';
import { TextField } from '@wallet/ui/text-field';
import { formatDateTime } from '@wallet/web-core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { hasRole, useOperator } from '../../lib/operator.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const column = createColumnHelper<OperatorSignIn>();
const TONES = { success: 'success', enrolment: 'info', wrong: 'danger', locked: 'warning' } as const;

/**
 * Recorded sign-in attempts (docs/decisions/0021): those made to my account, failures included; an admin reads every
 * account's and can pick one by username.
 */
export function SignInsTable() {
  const { t } = useTranslation('sessions');
  const me = useOperator();
  const isAdmin = hasRole(me, 'admin');
  const list = useListParams(['username']);
  const [typed, setTyped] = useState(list.filters.username ?? '');
  const query = usePagedQuery(
    ['admin', 'sign-ins'],
    list,
    (q) => adminCall(adminApi.auth.signIns, { query: q }),
    isAdmin && list.filters.username ? { username: list.filters.username } : {},
  );

  const columns = [
    column.accessor('at', {
      header: t('signIns.at'),
      cell: (c) => <span className="text-muted tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.accessor('username', {
      header: t('signIns.username'),
      cell: (c) => (
        <span className="font-semibold text-fg" translate="no">
          {c.getValue()}
        </span>
      ),
    }),
    column.accessor('outcome', {
      header: t('signIns.outcome'),
      cell: (c) => <StatusBadge tone={TONES[c.getValue()]}>{t(`signIns.outcomes.${c.getValue()}`)}</StatusBadge>,
    }),
    column.accessor('knownDevice', {
      header: t('signIns.device'),
      cell: (c) => <span className="text-muted">{c.getValue() ? t('signIns.known') : t('signIns.unknown')}</span>,
    }),
    column.accessor('ip', {
      header: t('columns.ip'),
      cell: (c) => <span className="font-mono text-xs">{c.getValue() ?? '—'}</span>,
    }),
  ];

  return (
    <section className="mt-8 flex flex-col gap-3" aria-labelledby="sign-ins-title" data-testid="sign-ins">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sign-ins-title" className="text-lg font-bold text-fg">
            {t('signIns.title')}
          </h2>
          <p className="text-sm text-muted">{isAdmin ? t('signIns.descriptionAdmin') : t('signIns.description')}</p>
        </div>
        {isAdmin && (
          <form
            className="w-56"
            onSubmit={(event) => {
              event.preventDefault();
              list.setFilter('username', typed.trim());
            }}
          >
            <TextField
              label={t('signIns.username')}
              name="username"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onBlur={() => list.setFilter('username', typed.trim())}
            />
          </form>
        )}
      </div>
      <PagedTable
        list={list}
        query={query}
        label={t('signIns.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
      />
    </section>
  );
}
