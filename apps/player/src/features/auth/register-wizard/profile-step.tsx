import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { SelectField } from '@wallet/ui/select-field';
import { TextField } from '@wallet/ui/text-field';
import { useSources } from '../../../api/lookup.ts';
import { PasswordField } from '@wallet/ui/password-field';
import { validateProfile, type ProfileErrors, type ProfileValues } from './register-rules.ts';
import { StepHeading } from './step-heading.tsx';

export type ProfileStepProps = {
  defaultValues: ProfileValues;
  isBusy: boolean;
  /** every edit (the wizard keeps a draft for reloads; it never stores the password) */
  onChange?: (values: ProfileValues) => void;
  onSubmit: (values: ProfileValues) => void;
};

/** Step 3: display name, password twice, where the player heard of us, and the inviter code. */
export function ProfileStep({ defaultValues, isBusy, onChange, onSubmit }: ProfileStepProps) {
  const { t } = useTranslation('auth');
  const sources = useSources();
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<ProfileErrors>({});

  const set = (field: keyof ProfileValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    onChange?.(next);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateProfile(values);
    setErrors(problems);
    if (Object.keys(problems).length === 0) onSubmit(values);
  };

  const errorText = (field: keyof ProfileErrors) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6" data-testid="profile-step">
      <StepHeading title={t('register.profile.title')} description={t('register.profile.description')} />
      <div className="flex flex-col gap-4">
        <TextField
          label={t('register.profile.name')}
          name="name"
          autoComplete="nickname"
          placeholder={t('register.profile.namePlaceholder')}
          maxLength={100}
          value={values.name}
          error={errorText('name')}
          onChange={(event) => set('name', event.target.value)}
        />
        <PasswordField
          label={t('register.profile.password')}
          name="password"
          autoComplete="new-password"
          maxLength={128}
          value={values.password}
          error={errorText('password')}
          onChange={(event) => set('password', event.target.value)}
        />
        <PasswordField
          label={t('register.profile.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          maxLength={128}
          value={values.confirmPassword}
          error={errorText('confirmPassword')}
          onChange={(event) => set('confirmPassword', event.target.value)}
        />
        <SelectField
          label={t('register.profile.source')}
          name="sourceCode"
          placeholder={t('register.profile.sourcePlaceholder')}
          options={(sources.data ?? []).map((source) => ({ value: source.code, label: source.description }))}
          value={values.sourceCode}
          onChange={(event) => set('sourceCode', event.target.value)}
        />
        <TextField
          label={t('register.profile.inviteCode')}
          name="inviteCode"
          autoCapitalize="characters"
          maxLength={32}
          placeholder={t('register.profile.inviteCodePlaceholder')}
          hint={t('register.profile.inviteCodeHint')}
          value={values.inviteCode}
          onChange={(event) => set('inviteCode', event.target.value.trim())}
        />
      </div>
      <Button type="submit" size="lg" isBlock isLoading={isBusy}>
        {t('register.next')}
      </Button>
    </form>
  );
}
