import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@wallet/ui/form-dialog';
import { PasswordField } from '@wallet/ui/password-field';
import { TextField } from '@wallet/ui/text-field';
import { ApiError } from '@wallet/web-core/api-client';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { isPasskeyCancelled, useAddPasskey, useStepUp } from '../../api/passkeys.ts';

export type PasskeyAddDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the password must be entered again (no fresh step-up of this session) */
  isStepUpNeeded: boolean;
  onSuccess?: () => void;
};

const NAME_MAX_CHARS = 40;

/**
 * Add a passkey (docs/decisions/0040-passkeys.md): a name and, without a fresh step-up, the password; then the
 * device asks for the fingerprint, face or PIN. A wrong password or a refusal opens the error dialog; a cancelled
 * prompt shows nothing.
 */
export function PasskeyAddDialog({ open, onOpenChange, isStepUpNeeded, onSuccess }: PasskeyAddDialogProps) {
  const { t } = useTranslation('profile');
  const stepUp = useStepUp();
  const addPasskey = useAddPasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const isPending = stepUp.isPending || addPasskey.isPending;

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setName('');
      setPassword('');
    }
    onOpenChange(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || (isStepUpNeeded && !password) || isPending) return;
    try {
      if (isStepUpNeeded) await stepUp.mutateAsync(password);
      await addPasskey.mutateAsync(name.trim());
      notify.success(t('passkeys.added'));
      handleOpenChange(false);
      onSuccess?.();
    } catch (err) {
      if (isPasskeyCancelled(err)) return;
      presentError(err instanceof ApiError ? err : new Error('PASSKEY_INVALID'), {
        as: 'alert',
        title: t('common:error.title'),
      });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={t('passkeys.addTitle')}
      description={t('passkeys.addDescription')}
      size="sm"
      formId="passkey-add-form"
      onSubmit={(event) => void handleSubmit(event)}
      submitLabel={t('passkeys.addSubmit')}
      isSubmitting={isPending}
      data-testid="passkey-add-form"
    >
      <TextField
        label={t('passkeys.name')}
        name="passkeyName"
        placeholder={t('passkeys.namePlaceholder')}
        value={name}
        maxLength={NAME_MAX_CHARS}
        onChange={(event) => setName(event.target.value)}
      />
      {isStepUpNeeded && (
        <PasswordField
          label={t('passkeys.password')}
          name="password"
          autoComplete="current-password"
          hint={t('passkeys.passwordHint')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
    </FormDialog>
  );
}
