import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@wallet/web-core/toast';
import { FormDialog } from '@wallet/ui/form-dialog';
import { useChangePassword } from '../../api/account.ts';
import { presentError } from '@wallet/web-core/present-error';
import { PasswordField } from '@wallet/ui/password-field';
import { MEMBER_PASSWORD_MAX_CHARS, MEMBER_PASSWORD_MIN_CHARS } from '@wallet/contract/limits';
import { checkChangePassword, type ChangePasswordValues } from './profile-rules.ts';

export type ChangePasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSuccess?: () => void;
};

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current, new and confirm password (docs/spec.md §5). Empty fields: nothing happens. A failure (WRONG_PASSWORD…)
 * opens an error dialog titled with the generic error message; success shows the saved message.
 */
export function ChangePasswordDialog({ open, onOpenChange, onSuccess }: ChangePasswordDialogProps) {
  const { t } = useTranslation('profile');
  const changePassword = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [isNotEqual, setIsNotEqual] = useState(false);

  const set = (field: keyof ChangePasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setIsNotEqual(false);
  };

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setValues(EMPTY);
      setIsNotEqual(false);
    }
    onOpenChange(next);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkChangePassword(values);
    if (check === 'silent' || changePassword.isPending) return;
    if (check === 'notEqual') {
      setIsNotEqual(true);
      return;
    }
    changePassword.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          notify.success(t('password.saved'));
          handleOpenChange(false);
          onSuccess?.();
        },
        onError: (err) => presentError(err, { as: 'alert', title: t('common:error.title') }),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={t('password.title')}
      description={t('password.description')}
      size="sm"
      formId="change-password-form"
      onSubmit={handleSubmit}
      submitLabel={t('password.submit')}
      isSubmitting={changePassword.isPending}
      data-testid="change-password-form"
    >
      <PasswordField
        label={t('password.old')}
        name="oldPassword"
        autoComplete="current-password"
        value={values.oldPassword}
        onChange={(event) => set('oldPassword', event.target.value)}
      />
      <PasswordField
        label={t('password.new')}
        name="newPassword"
        autoComplete="new-password"
        value={values.newPassword}
        hint={t('password.rule', { min: MEMBER_PASSWORD_MIN_CHARS, max: MEMBER_PASSWORD_MAX_CHARS })}
        onChange={(event) => set('newPassword', event.target.value)}
      />
      <PasswordField
        label={t('password.confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={isNotEqual ? t('password.notEqual') : undefined}
        onChange={(event) => set('confirmPassword', event.target.value)}
      />
    </FormDialog>
  );
}
