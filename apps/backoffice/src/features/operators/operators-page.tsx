import { adminApi } from '@wallet/contract/admin/admin-api';
import type { Operator, TotpEnrolment } from '@wallet/contract/admin/operators';
import { OPERATOR_ROLES, type OperatorRole } from '@wallet/contract/admin/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { FormDialog } from '@wallet/ui/form-dialog';
import { Modal } from '@wallet/ui/modal';
import { PasswordField } from '@wallet/ui/password-field';
import { TextField } from '@wallet/ui/text-field';
import { formatDateTime } from '@wallet/web-core/format';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PagedTable, usePagedQuery } from '../../components/paged-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const KEY = ['admin', 'operators'] as const;
const column = createColumnHelper<Operator>();

type Dialog =
  | { kind: 'create' }
  | { kind: 'roles'; operator: Operator }
  | { kind: 'toggle'; operator: Operator }
  | { kind: 'reset'; operator: Operator }
  | { kind: 'enrolment'; username: string; enrolment: TotpEnrolment };

export default function OperatorsPage() {
  const { t } = useTranslation('operators');
  const me = useOperator();
  const list = useListParams();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // the operator list takes no date range: only the page
  const query = usePagedQuery(KEY, { query: { page: list.page, pageSize: list.pageSize } }, (q) =>
    adminCall(adminApi.operators.list, { query: q }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const update = (operator: Operator, body: { roles?: OperatorRole[]; enabled?: boolean }) =>
    adminCall(adminApi.operators.update, { params: { id: operator.id }, body }).then(async () => {
      notify.success(t('saved'));
      await refresh();
    });

  const columns = [
    column.accessor('username', {
      header: t('columns.username'),
      cell: (c) => <span className="font-semibold text-fg">{c.getValue()}</span>,
    }),
    column.accessor('roles', {
      header: t('columns.roles'),
      cell: (c) => (
        <div className="flex flex-wrap gap-1">
          {c.getValue().map((role) => (
            <StatusBadge key={role} tone={role === 'admin' ? 'warning' : 'info'}>
              {t(`common:roles.${role}`)}
            </StatusBadge>
          ))}
        </div>
      ),
    }),
    column.accessor('enabled', {
      header: t('columns.status'),
      cell: (c) => (
        <StatusBadge tone={c.getValue() ? 'success' : 'danger'}>
          {t(c.getValue() ? 'status.enabled' : 'status.disabled')}
        </StatusBadge>
      ),
    }),
    column.accessor('totpConfirmed', {
      header: t('columns.totp'),
      cell: (c) => (
        <StatusBadge tone={c.getValue() ? 'success' : 'warning'}>
          {t(c.getValue() ? 'totp.confirmed' : 'totp.pending')}
        </StatusBadge>
      ),
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
        return (
          <div className="flex justify-end gap-1.5">
            <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'roles', operator })}>
              {t('actions.roles')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'reset', operator })}>
              {t('actions.resetTotp')}
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
        onSuccess={(username, enrolment) => {
          void refresh();
          setDialog({ kind: 'enrolment', username, enrolment });
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
        open={dialog?.kind === 'reset'}
        onOpenChange={(open) => !open && setDialog(null)}
        tone="danger"
        title={dialog?.kind === 'reset' ? t('confirm.resetTitle', { name: dialog.operator.username }) : ''}
        description={t('confirm.resetBody')}
        confirmLabel={t('actions.resetTotp')}
        onConfirm={async () => {
          if (dialog?.kind !== 'reset') return;
          const { operator } = dialog;
          const enrolment = await adminCall(adminApi.operators.resetTotp, { params: { id: operator.id } });
          await refresh();
          // the confirm dialog closes itself after this resolves; show the QR right after
          queueMicrotask(() => setDialog({ kind: 'enrolment', username: operator.username, enrolment }));
        }}
      />
      <Modal
        open={dialog?.kind === 'enrolment'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.kind === 'enrolment' ? t('enrolment.title', { name: dialog.username }) : ''}
        description={t('enrolment.body')}
        footer={
          <div className="flex justify-end">
            <Button onClick={() => setDialog(null)}>{t('enrolment.done')}</Button>
          </div>
        }
      >
        {dialog?.kind === 'enrolment' && (
          <div className="flex flex-col items-center gap-3 py-2">
            <div className="rounded-2xl bg-white p-3">
              <img src={dialog.enrolment.qr} width={200} height={200} alt="QR" />
            </div>
            <code className="font-mono text-xs break-all text-muted" data-testid="enrolment-uri">
              {new URL(dialog.enrolment.uri).searchParams.get('secret')}
            </code>
          </div>
        )}
      </Modal>
    </>
  );
}

function RoleChecks({ value, onChange }: { value: OperatorRole[]; onChange: (roles: OperatorRole[]) => void }) {
  const { t } = useTranslation('operators');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-fg">{t('form.roles')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {OPERATOR_ROLES.map((role) => (
          <label
            key={role}
            className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl bg-bg px-3 text-sm ring-1 ring-line has-checked:ring-primary"
          >
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={value.includes(role)}
              onChange={(e) => onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))}
            />
            {t(`common:roles.${role}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreateOperatorDialog({
  open,
  onOpenChange,
  onSuccess,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSuccess: (username: string, enrolment: TotpEnrolment) => void;
}) {
  const { t } = useTranslation('operators');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState<OperatorRole[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => adminCall(adminApi.operators.create, { body: { username: username.trim(), password, roles } }),
    onSuccess: (answer) => {
      setUsername('');
      setPassword('');
      setRoles([]);
      onSuccess(answer.operator.username, answer.enrolment);
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (roles.length === 0) return setError(t('form.rolesRequired'));
    setError(null);
    create.mutate();
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('form.createTitle')}
      formId="create-operator"
      onSubmit={submit}
      submitLabel={t('form.submit')}
      isSubmitting={create.isPending}
    >
      <TextField
        label={t('form.username')}
        hint={t('form.usernameHint')}
        value={username}
        autoCapitalize="none"
        autoComplete="off"
        onChange={(e) => setUsername(e.target.value.toLowerCase())}
      />
      <PasswordField
        label={t('form.password')}
        hint={t('form.passwordHint')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <RoleChecks value={roles} onChange={setRoles} />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </FormDialog>
  );
}

function RolesDialog({
  operator,
  isSelf,
  onClose,
  onSave,
}: {
  operator: Operator;
  isSelf: boolean;
  onClose: () => void;
  onSave: (roles: OperatorRole[]) => Promise<unknown>;
}) {
  const { t } = useTranslation('operators');
  const [roles, setRoles] = useState<OperatorRole[]>(operator.roles);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    if (roles.length === 0) return setError(t('form.rolesRequired'));
    setPending(true);
    try {
      await onSave(roles);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setPending(false);
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('form.rolesTitle', { name: operator.username })}
      formId="operator-roles"
      onSubmit={submit}
      submitLabel={t('form.saveRoles')}
      isSubmitting={isPending}
    >
      <RoleChecks value={roles} onChange={(next) => setRoles(isSelf && !next.includes('admin') ? roles : next)} />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
