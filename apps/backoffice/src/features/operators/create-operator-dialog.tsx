import { adminApi } from '@wallet/contract/admin/admin-api';
import type { EnrolmentLink, OperatorRequest } from '@wallet/contract/admin/operators';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import { useMutation } from '@tanstack/react-query';
import { FormDialog } from '@wallet/ui/form-dialog';
import { TextField } from '@wallet/ui/text-field';
import { errorMessage } from '@wallet/web-core/present-error';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../lib/api.ts';
import { RoleChecks } from './roles-dialog.tsx';

export type CreatedOperator = { username: string; enrolment: EnrolmentLink | null; request: OperatorRequest | null };

/**
 * Invite an operator: a username and roles, no password (the operator chooses it through the enrolment link,
 * docs/decisions/0023-operator-enrolment.md).
 */
export function CreateOperatorDialog({
  open,
  onOpenChange,
  onSuccess,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSuccess: (created: CreatedOperator) => void;
}) {
  const { t } = useTranslation('operators');
  const [username, setUsername] = useState('');
  const [roles, setRoles] = useState<OperatorRole[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => adminCall(adminApi.operators.create, { body: { username: username.trim(), roles } }),
    onSuccess: (answer) => {
      setUsername('');
      setRoles([]);
      onSuccess({ username: answer.operator.username, enrolment: answer.enrolment, request: answer.request });
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
      description={t('form.createBody')}
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
      <RoleChecks value={roles} onChange={setRoles} />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
