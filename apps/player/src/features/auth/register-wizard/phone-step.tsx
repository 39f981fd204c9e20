import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { TextField } from '@wallet/ui/text-field';
import { digitsOnly, validatePhone } from './register-rules.ts';
import { StepHeading } from './step-heading.tsx';

export type PhoneStepProps = {
  defaultPhone: string;
  isLaoVariant: boolean;
  isBusy: boolean;
  onSubmit: (phone: string) => void;
};

/** Step 1: the phone number, which is also the username. */
export function PhoneStep({ defaultPhone, isLaoVariant, isBusy, onSubmit }: PhoneStepProps) {
  const { t } = useTranslation('auth');
  const [phone, setPhone] = useState(defaultPhone);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePhone(phone, isLaoVariant);
    setError(problem);
    if (!problem) onSubmit(phone.trim());
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6" data-testid="phone-step">
      <StepHeading title={t('register.phone.title')} description={t('register.phone.description')} />
      <TextField
        label={t('register.phone.label')}
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t(isLaoVariant ? 'register.phone.placeholderLao' : 'register.phone.placeholder')}
        value={phone}
        maxLength={20}
        error={error ? t(error) : undefined}
        hint={t('register.phone.hint')}
        startAdornment={<Icon name="user" className="size-5" />}
        onChange={(event) => {
          setPhone(digitsOnly(event.target.value));
          setError(null);
        }}
      />
      <Button type="submit" size="lg" isBlock isLoading={isBusy}>
        {t('register.next')}
      </Button>
    </form>
  );
}
