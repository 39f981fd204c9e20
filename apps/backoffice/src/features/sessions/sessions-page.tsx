import { adminApi } from '@wallet/contract/admin/admin-api';
import type { OperatorSession } from '@wallet/contract/admin/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { formatDateTime, formatRelativeTime } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall, consoleSession } from '../../lib/api.ts';
import { SignInsTable } from './sign-ins-table.tsx';

const KEY = ['admin', 'sessions'] as const;
const column = createColumnHelper<OperatorSession>();

/** A short "Chrome on Windows" from a user-agent string (the full string is in the tooltip). */
function device(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, os].filter(Boolean).join(' · ') || userAgent.slice(0, 40);
}

export default function SessionsPage() {
  const { t, i18n } = useTranslation('sessions');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [target, setTarget] = useState<OperatorSession | null>(null);
  const query = useQuery({ queryKey: KEY, queryFn: () => adminCall(adminApi.auth.sessions) });
  const sessions = query.data?.sessions;
  const page = sessions
    ? { rows: sessions, total: sessions.length, page: 1, pageSize: Math.max(sessions.length, 1) }
    : undefined;

  const columns = [
    column.accessor('userAgent', {
      header: t('columns.device'),
      cell: ({ row: { original: s } }) => (
        <div className="flex items-center gap-2" title={s.userAgent ?? undefined}>
          <span className="font-semibold text-fg">{device(s.userAgent)}</span>
          {s.current && <StatusBadge tone="success">{t('current')}</StatusBadge>}
        </div>
      ),
    }),
    column.accessor('ip', {
      header: t('columns.ip'),
      cell: (c) => <span className="font-mono text-xs">{c.getValue() ?? '—'}</span>,
    }),
    column.accessor('createdAt', {
      header: t('columns.signedIn'),
      cell: (c) => <span className="text-muted tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.accessor('lastSeenAt', {
      header: t('columns.lastSeen'),
      cell: (c) => <span className="text-muted">{formatRelativeTime(c.getValue(), i18n.language)}</span>,
    }),
    column.accessor('expiresAt', {
      header: t('columns.expires'),
      cell: (c) => <span className="text-muted tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.display({
      id: 'actions',
      header: '',
      meta: { align: 'right' },
      cell: ({ row: { original: s } }) => (
        <Button size="sm" variant="secondary" onClick={() => setTarget(s)}>
          {s.current ? t('signOutHere') : t('revoke')}
        </Button>
      ),
    }),
  ];

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <DataTable
        label={t('title')}
        columns={columns}
        data={page}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        onPageChange={() => undefined}
        getRowId={(s) => s.id}
      />
      <SignInsTable />
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        tone="danger"
        title={target?.current ? t('confirmCurrentTitle') : t('confirmTitle')}
        description={
          target ? `${device(target.userAgent)} · ${target.ip ?? ''} · ${formatDateTime(target.createdAt)}` : undefined
        }
        confirmLabel={target?.current ? t('signOutHere') : t('revoke')}
        onConfirm={async () => {
          if (!target) return;
          await adminCall(adminApi.auth.revokeSession, { params: { id: target.id } });
          if (target.current) {
            // this browser's session has just ended (audited): forget it here and sign in again
            consoleSession.forget();
            queryClient.clear();
            await navigate('/login', { replace: true });
            return;
          }
          notify.success(t('revoked'));
          await queryClient.invalidateQueries({ queryKey: KEY });
        }}
      />
    </>
  );
}
