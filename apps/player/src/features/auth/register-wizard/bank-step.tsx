import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LAO_CURRENCY, RECOMMENDED_BANKS, type LaoCurrency } from '@wallet/contract/limits';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { SelectField } from '@wallet/ui/select-field';
import { TextField } from '@wallet/ui/text-field';
import { useBanks } from '../../../api/lookup.ts';
import { bankName } from '../../../lib/bank-name.ts';
import { CurrencyPicker } from './currency-picker.tsx';
import {
  checkBank,
  digitsOnly,
  needsEnglishName,
  toUpperName,
  type BankField,
  type BankValues,
} from './register-rules.ts';
import { StepHeading } from './step-heading.tsx';

export type BankStepValues = BankValues & { currency?: LaoCurrency };

export type BankStepProps = {
  /** what the player entered before (a reload restores the wizard's draft) */
  defaultValues?: BankStepValues;
  /** every edit, for the wizard's draft */
  onChange?: (values: BankStepValues) => void;
  isLaoVariant: boolean;
  isBusy: boolean;
  onSubmit: (values: BankStepValues) => void;
};

const isRecommended = (code: string) => (RECOMMENDED_BANKS as readonly string[]).includes(code);

/** Step 4: bank, account number, holder's first and last name (upper case), and currency in the Lao variant. */
export function BankStep({ defaultValues, onChange, isLaoVariant, isBusy, onSubmit }: BankStepProps) {
  const { t, i18n } = useTranslation('auth');
  const banks = useBanks();
  const [values, setValues] = useState<BankValues>({
    bankCode: defaultValues?.bankCode ?? '',
    bankAccountNo: defaultValues?.bankAccountNo ?? '',
    firstName: defaultValues?.firstName ?? '',
    lastName: defaultValues?.lastName ?? '',
  });
  const [currency, setCurrency] = useState<LaoCurrency>(defaultValues?.currency ?? DEFAULT_LAO_CURRENCY);
  const [missing, setMissing] = useState<BankField[]>([]);
  const [nameError, setNameError] = useState<string | null>(null);

  // recommended banks (KBANK, KTB) first, marked in the label
  const options = useMemo(
    () =>
      [...(banks.data ?? [])]
        .sort((a, b) => Number(isRecommended(b.code)) - Number(isRecommended(a.code)))
        .map((bank) => {
          const name = bankName(bank, i18n.language);
          return {
            value: bank.code,
            label: isRecommended(bank.code) ? `${name} · ${t('register.bank.recommended')}` : name,
          };
        }),
    [banks.data, t, i18n.language],
  );

  const set = (field: BankField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    onChange?.({ ...next, currency });
    setMissing((current) => current.filter((f) => f !== field));
    if (field !== 'bankAccountNo') setNameError(null);
  };
  const isMissing = (field: BankField) => missing.includes(field);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkBank(values);
    setMissing(check.missing);
    setNameError(check.nameError);
    if (check.missing.length > 0 || check.nameError) return;
    onSubmit({ ...values, ...(isLaoVariant ? { currency } : {}) });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6" data-testid="bank-step">
      <StepHeading title={t('register.bank.title')} description={t('register.bank.description')} />
      <div className="flex flex-col gap-4">
        <SelectField
          label={t('register.bank.bank')}
          name="bankCode"
          placeholder={t('register.bank.bankPlaceholder')}
          options={options}
          value={values.bankCode}
          error={isMissing('bankCode') || undefined}
          hint={values.bankCode && needsEnglishName(values.bankCode) ? t('register.bank.englishHint') : undefined}
          onChange={(event) => set('bankCode', event.target.value)}
        />
        <TextField
          label={t('register.bank.accountNo')}
          name="bankAccountNo"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          placeholder={t('register.bank.accountNoPlaceholder')}
          value={values.bankAccountNo}
          error={isMissing('bankAccountNo') || undefined}
          onChange={(event) => set('bankAccountNo', digitsOnly(event.target.value))}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('register.bank.firstName')}
            name="firstName"
            autoComplete="given-name"
            autoCapitalize="characters"
            maxLength={50}
            value={values.firstName}
            error={isMissing('firstName') || Boolean(nameError) || undefined}
            onChange={(event) => set('firstName', toUpperName(event.target.value))}
          />
          <TextField
            label={t('register.bank.lastName')}
            name="lastName"
            autoComplete="family-name"
            autoCapitalize="characters"
            maxLength={50}
            value={values.lastName}
            error={isMissing('lastName') || Boolean(nameError) || undefined}
            onChange={(event) => set('lastName', toUpperName(event.target.value))}
          />
        </div>
        {nameError && (
          <p role="alert" data-testid="bank-name-error" className="-mt-2 flex items-start gap-2 text-sm text-danger">
            <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
            {t(nameError)}
          </p>
        )}
        {isLaoVariant && (
          <CurrencyPicker
            value={currency}
            onChange={(next) => {
              setCurrency(next);
              onChange?.({ ...values, currency: next });
            }}
          />
        )}
      </div>
      <Button type="submit" size="lg" isBlock isLoading={isBusy}>
        {t('register.bank.submit')}
      </Button>
    </form>
  );
}
