import { holdsMoneyRole, type Operator } from '@wallet/contract/admin/operators';
import { OPERATOR_ROLES, type OperatorRole } from '@wallet/contract/admin/roles';
import { FormDialog } from '@wallet/ui/form-dialog';
import { errorMessage } from '@wallet/web-core/present-error';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export function RoleChecks({ value, onChange }: { value: OperatorRole[]; onChange: (roles: OperatorRole[]) => void }) {
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
      {/* admin and finance move money: granting one waits for a second admin (docs/decisions/0023) */}
      {holdsMoneyRole(value) && <p className="text-xs text-muted">{t('form.moneyRoleHint')}</p>}
    </fieldset>
  );
}

export function RolesDialog({
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
