import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useChangePassword } from '../../api/account.ts';
import { presentError } from '../../lib/present-error.ts';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { checkChangePassword, type ChangePasswordValues } from './profile-rules.ts';

export type ChangePasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSuccess?: () => void;
};

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current, new and confirm password (SPEC.md §5). Empty fields: nothing happens. A failure (WRONG_PASSWORD…)
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
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={t('password.title')}
      description={t('password.description')}
      size="sm"
      footer={
        <Button type="submit" form="change-password-form" size="lg" isBlock isLoading={changePassword.isPending}>
          {t('password.submit')}
        </Button>
      }
    >
      <form
        id="change-password-form"
        noValidate
        onSubmit={handleSubmit}
        className="flex flex-col gap-4 pt-2"
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
      </form>
    </Modal>
  );
}
