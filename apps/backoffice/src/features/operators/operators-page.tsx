import { adminApi } from '@wallet/contract/admin/admin-api';
import type { EnrolmentLink, Operator, OperatorRequest } from '@wallet/contract/admin/operators';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { formatDateTime } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { CreateOperatorDialog } from './create-operator-dialog.tsx';
import { EnrolmentLinkDialog } from './enrolment-link-dialog.tsx';
import { RolesDialog } from './roles-dialog.tsx';

const KEY = ['admin', 'operators'] as const;
const column = createColumnHelper<Operator>();

type Dialog =
  | { kind: 'create' }
  | { kind: 'roles'; operator: Operator }
  | { kind: 'toggle'; operator: Operator }
  | { kind: 'reissue'; operator: Operator }
  | { kind: 'decide'; operator: Operator; request: OperatorRequest; approve: boolean }
  | { kind: 'link'; username: string; link: EnrolmentLink };

/**
 * Operators (role admin): invite with a one-time enrolment link, roles, enable/disable, a new link for a lost phone.
 * Granting admin or finance, and a new link for an operator holding one, wait for a second admin, who approves them
 * here and alone receives the link (docs/decisions/0023-operator-enrolment.md).
 */
export default function OperatorsPage() {
  const { t } = useTranslation('operators');
  const me = useOperator();
  const list = useListParams();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const query = usePagedQuery(KEY, { query: { page: list.page, pageSize: list.pageSize } }, (q) =>
    adminCall(adminApi.operators.list, { query: q }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  /** a change done, or waiting for a second admin (then said so), or a link to show once */
  const outcome = (username: string, answer: { enrolment: EnrolmentLink | null; request: OperatorRequest | null }) => {
    if (answer.request?.status === 'pending') notify.info(t('pending.sent'));
    else notify.success(t('saved'));
    // the dialog that asked closes itself after its action resolves; show the link right after
    if (answer.enrolment) {
      const link = answer.enrolment;
      queueMicrotask(() => setDialog({ kind: 'link', username, link }));
    }
  };
  const update = async (operator: Operator, body: { roles?: OperatorRole[]; enabled?: boolean }) => {
    const answer = await adminCall(adminApi.operators.update, { params: { id: operator.id }, body });
    outcome(operator.username, { enrolment: null, request: answer.request });
    await refresh();
  };

  const columns = [
    column.accessor('username', {
      header: t('columns.username'),
      cell: (c) => <span className="font-semibold text-fg">{c.getValue()}</span>,
    }),
    column.accessor('roles', {
      header: t('columns.roles'),
      cell: (c) => (
        <div className="flex flex-wrap gap-1">
          {c.getValue().length === 0 && <span className="text-muted">—</span>}
          {c.getValue().map((role) => (
            <StatusBadge key={role} tone={role === 'admin' ? 'warning' : 'info'}>
              {t(`common:roles.${role}`)}
            </StatusBadge>
          ))}
        </div>
      ),
    }),
    column.display({
      id: 'status',
      header: t('columns.status'),
      cell: ({ row: { original: o } }) => (
        <div className="flex flex-col items-start gap-1">
          {!o.enabled ? (
            <StatusBadge tone="danger">{t('status.disabled')}</StatusBadge>
          ) : o.state === 'invited' ? (
            <StatusBadge tone="warning">{t('status.invited')}</StatusBadge>
          ) : (
            <StatusBadge tone="success">{t('status.enabled')}</StatusBadge>
          )}
          {o.state === 'invited' && o.enabled && (
            <span className="text-xs whitespace-nowrap text-muted">
              {o.enrolmentExpiresAt
                ? t('status.linkUntil', { at: formatDateTime(o.enrolmentExpiresAt) })
                : t('status.noLink')}
            </span>
          )}
        </div>
      ),
    }),
    column.accessor('pendingRequest', {
      header: t('columns.pending'),
      cell: (c) => {
        const request = c.getValue();
        if (!request) return <span className="text-muted">—</span>;
        return (
          <div className="flex flex-col items-start gap-1 text-xs">
            <StatusBadge tone="warning">
              {t(`pending.${request.kind}`, {
                roles: (request.roles ?? []).map((role) => t(`common:roles.${role}`)).join(', '),
              })}
            </StatusBadge>
            <span className="text-muted">{t('pending.by', { name: request.requestedBy })}</span>
          </div>
        );
      },
    }),
    column.accessor('createdAt', {
      header: t('columns.created'),
      cell: (c) => <span className="whitespace-nowrap text-muted tabular-nums">{formatDateTime(c.getValue())}</span>,
    }),
    column.display({
      id: 'actions',
      header: t('columns.actions'),
      meta: { align: 'right' },
      cell: ({ row: { original: operator } }) => {
        const isSelf = operator.username === me.username;
        const request = operator.pendingRequest;
        const isMine = request?.requestedBy === me.username;
        return (
          <div className="flex flex-wrap justify-end gap-1.5">
            {request && !isMine && !isSelf && (
              <Button size="sm" onClick={() => setDialog({ kind: 'decide', operator, request, approve: true })}>
                {t('actions.approve')}
              </Button>
            )}
            {request && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setDialog({ kind: 'decide', operator, request, approve: false })}
              >
                {t(isMine ? 'actions.withdraw' : 'actions.reject')}
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'roles', operator })}>
              {t('actions.roles')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={isSelf || request !== null}
              onClick={() => setDialog({ kind: 'reissue', operator })}
            >
              {t('actions.reissue')}
            </Button>
            <Button
              size="sm"
              variant={operator.enabled ? 'ghost' : 'secondary'}
              disabled={isSelf}
              onClick={() => setDialog({ kind: 'toggle', operator })}
            >
              {t(operator.enabled ? 'actions.disable' : 'actions.enable')}
            </Button>
          </div>
        );
      },
    }),
  ];

  const decide = dialog?.kind === 'decide' ? dialog : null;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button size="sm" onClick={() => setDialog({ kind: 'create' })}>
            {t('create')}
          </Button>
        }
      />
      <PagedTable list={list} query={query} label={t('title')} columns={columns} getRowId={(o) => String(o.id)} />
      <CreateOperatorDialog
        open={dialog?.kind === 'create'}
        onOpenChange={(open) => !open && setDialog(null)}
        onSuccess={(created) => {
          void refresh();
          setDialog(null);
          outcome(created.username, created);
        }}
      />
      {dialog?.kind === 'roles' && (
        <RolesDialog
          operator={dialog.operator}
          isSelf={dialog.operator.username === me.username}
          onClose={() => setDialog(null)}
          onSave={(roles) => update(dialog.operator, { roles })}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'toggle'}
        onOpenChange={(open) => !open && setDialog(null)}
        tone={dialog?.kind === 'toggle' && dialog.operator.enabled ? 'danger' : 'primary'}
        title={
          dialog?.kind === 'toggle'
            ? t(dialog.operator.enabled ? 'confirm.disableTitle' : 'confirm.enableTitle', {
                name: dialog.operator.username,
              })
            : ''
        }
        description={dialog?.kind === 'toggle' && dialog.operator.enabled ? t('confirm.disableBody') : undefined}
        confirmLabel={t(dialog?.kind === 'toggle' && dialog.operator.enabled ? 'actions.disable' : 'actions.enable')}
        onConfirm={async () => {
          if (dialog?.kind === 'toggle') await update(dialog.operator, { enabled: !dialog.operator.enabled });
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'reissue'}
        onOpenChange={(open) => !open && setDialog(null)}
        tone="danger"
        title={dialog?.kind === 'reissue' ? t('confirm.reissueTitle', { name: dialog.operator.username }) : ''}
        description={t('confirm.reissueBody')}
        confirmLabel={t('actions.reissue')}
        onConfirm={async () => {
          if (dialog?.kind !== 'reissue') return;
          const { operator } = dialog;
          const answer = await adminCall(adminApi.operators.reissueEnrolment, { params: { id: operator.id } });
          await refresh();
          outcome(operator.username, answer);
        }}
      />
      <ConfirmDialog
        open={decide !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        tone={decide?.approve ? 'primary' : 'danger'}
        title={decide ? t(decide.approve ? 'confirm.approveTitle' : 'confirm.rejectTitle') : ''}
        description={
          decide
            ? t(`pending.${decide.request.kind}Long`, {
                name: decide.operator.username,
                by: decide.request.requestedBy,
                roles: (decide.request.roles ?? []).map((role) => t(`common:roles.${role}`)).join(', '),
              })
            : undefined
        }
        confirmLabel={decide ? t(decide.approve ? 'actions.approve' : 'actions.reject') : ''}
        onConfirm={async () => {
          if (!decide) return;
          const params = { id: decide.request.id };
          if (decide.approve) {
            const answer = await adminCall(adminApi.operators.approve, { params });
            await refresh();
            outcome(decide.operator.username, { enrolment: answer.enrolment, request: null });
          } else {
            await adminCall(adminApi.operators.reject, { params });
            await refresh();
            notify.success(t('saved'));
          }
        }}
      />
      <EnrolmentLinkDialog
        username={dialog?.kind === 'link' ? dialog.username : ''}
        link={dialog?.kind === 'link' ? dialog.link : null}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
