import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Passkey } from '@wallet/contract/passkeys';
import { FormDialog } from '@wallet/ui/form-dialog';
import { PasswordField } from '@wallet/ui/password-field';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useRemovePasskey, useStepUp } from '../../api/passkeys.ts';

export type PasskeyRemoveDialogProps = {
  /** the passkey to remove; null closes the dialog */
  passkey: Passkey | null;
  onOpenChange: (open: boolean) => void;
  isStepUpNeeded: boolean;
};

/** Remove one passkey (docs/decisions/0040-passkeys.md): the password again without a fresh step-up. */
export function PasskeyRemoveDialog({ passkey, onOpenChange, isStepUpNeeded }: PasskeyRemoveDialogProps) {
  const { t } = useTranslation('profile');
  const stepUp = useStepUp();
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const isPending = stepUp.isPending || remove.isPending;

  const handleOpenChange = (next: boolean) => {
    if (!next) setPassword('');
    onOpenChange(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!passkey || (isStepUpNeeded && !password) || isPending) return;
    try {
      if (isStepUpNeeded) await stepUp.mutateAsync(password);
      await remove.mutateAsync(passkey.id);
      notify.success(t('passkeys.removed'));
      handleOpenChange(false);
    } catch (err) {
      presentError(err, { as: 'alert', title: t('common:error.title') });
    }
  };

  return (
    <FormDialog
      open={passkey !== null}
      onOpenChange={handleOpenChange}
      title={t('passkeys.removeTitle')}
      description={t('passkeys.removeDescription', { name: passkey?.name ?? '' })}
      size="sm"
      formId="passkey-remove-form"
      onSubmit={(event) => void handleSubmit(event)}
      submitLabel={t('passkeys.removeSubmit')}
      isSubmitting={isPending}
      data-testid="passkey-remove-form"
    >
      {isStepUpNeeded && (
        <PasswordField
          label={t('passkeys.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
    </FormDialog>
  );
}
