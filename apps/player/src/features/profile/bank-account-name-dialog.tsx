import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@wallet/web-core/toast';
import { FormDialog } from '@wallet/ui/form-dialog';
import { TextField } from '@wallet/ui/text-field';
import { useUpdateBankAccountName } from '../../api/account.ts';
import { presentError } from '@wallet/web-core/present-error';
import { validateEnglishName } from './profile-rules.ts';

export type BankAccountNameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  bankCode: string;
  /** the name on file (Thai script), shown for reference */
  currentName: string;
  onSuccess?: () => void;
};

/** Asks KTB / TMB / BBL members for the English account name (A–Z and spaces) → PUT /api/account/bankAccountName. */
export function BankAccountNameDialog({
  open,
  onOpenChange,
  bankCode,
  currentName,
  onSuccess,
}: BankAccountNameDialogProps) {
  const { t } = useTranslation('profile');
  const update = useUpdateBankAccountName();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEnglishName(name);
    setError(problem);
    if (problem || update.isPending) return;
    update.mutate(
      { bankCode, bankAccountName: name.trim().replace(/\s+/g, ' ') },
      {
        onSuccess: () => {
          notify.success(t('bankName.saved'));
          onOpenChange(false);
          onSuccess?.();
        },
        onError: (err) => presentError(err, { as: 'toast' }),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('bankName.title')}
      description={t('bankName.description')}
      size="sm"
      formId="bank-account-name-form"
      onSubmit={handleSubmit}
      submitLabel={t('bankName.submit')}
      isSubmitting={update.isPending}
      data-testid="bank-account-name-form"
    >
      <div className="rounded-2xl bg-surface px-4 py-3 ring-1 ring-line ring-inset">
        <p className="text-xs text-subtle">{t('bankName.current')}</p>
        <p className="font-semibold text-fg">{currentName}</p>
      </div>
      <TextField
        label={t('bankName.label')}
        name="bankAccountName"
        autoCapitalize="characters"
        autoComplete="name"
        maxLength={100}
        placeholder={t('bankName.placeholder')}
        value={name}
        error={error ? t(error) : undefined}
        onChange={(event) => {
          setName(event.target.value.toUpperCase());
          setError(null);
        }}
      />
    </FormDialog>
  );
}
