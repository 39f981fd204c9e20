import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@wallet/contract/account';
import { useBankChangeOtp, useUpdateProfile } from '../../api/account.ts';
import { useBanks } from '../../api/lookup.ts';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { SelectField } from '@wallet/ui/select-field';
import { TextField } from '@wallet/ui/text-field';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { bankName } from '../../lib/bank-name.ts';
import { checkBankChange, type BankChangeValues } from './profile-rules.ts';

const OTP_LENGTH = 6;

export type BankAccountChangeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile;
};

/**
 * Changing the payout bank account (ASVS 7.5.1): the new account, then a code sent to the member's phone, then
 * save. The server records the change and pauses withdrawals for a cooling period (docs/decisions/0017).
 */
export function BankAccountChangeDialog({ open, onOpenChange, profile }: BankAccountChangeDialogProps) {
  const { t, i18n } = useTranslation('profile');
  const banks = useBanks();
  const sendOtp = useBankChangeOtp();
  const update = useUpdateProfile();
  const [values, setValues] = useState<BankChangeValues>({
    bankCode: profile.bankCode,
    bankAccountNo: '',
    bankAccountName: profile.bankAccountName,
  });
  const [otp, setOtp] = useState<{ otpToken: string; otpRef: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const set = (field: keyof BankChangeValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };

  const handleSendCode = () => {
    const problem = checkBankChange(values, profile);
    setError(problem ? t(problem) : null);
    if (problem || sendOtp.isPending) return;
    sendOtp.mutate(undefined, {
      onSuccess: (sent) => setOtp({ otpToken: sent.otpToken, otpRef: sent.otpRef }),
      onError: (err) => setError(presentError(err, { as: 'inline' })),
    });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!otp) return handleSendCode();
    if (code.length !== OTP_LENGTH) return setError(t('bankChange.codeRequired'));
    update.mutate(
      {
        bankCode: values.bankCode,
        bankAccountNo: values.bankAccountNo.trim(),
        bankAccountName: values.bankAccountName.trim(),
        otpToken: otp.otpToken,
        otpCode: code,
      },
      {
        onSuccess: () => {
          notify.success(t('bankChange.saved'));
          onOpenChange(false);
        },
        onError: (err) => setError(presentError(err, { as: 'inline' })),
      },
    );
  };

  const options = (banks.data ?? []).map((b) => ({ value: b.code, label: bankName(b, i18n.language) }));
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('bankChange.title')}
      description={t('bankChange.description')}
      size="sm"
      footer={
        <Button
          type="submit"
          form="bank-account-change-form"
          size="lg"
          isBlock
          isLoading={sendOtp.isPending || update.isPending}
          data-testid="bank-change-submit"
        >
          {otp ? t('bankChange.submit') : t('bankChange.sendCode')}
        </Button>
      }
    >
      <form
        id="bank-account-change-form"
        noValidate
        onSubmit={handleSubmit}
        className="flex flex-col gap-4 pt-2"
        data-testid="bank-account-change-form"
      >
        <SelectField
          label={t('bankChange.bank')}
          name="bankCode"
          options={options}
          value={values.bankCode}
          disabled={otp !== null}
          onChange={(event) => set('bankCode', event.target.value)}
        />
        <TextField
          label={t('bankChange.accountNo')}
          name="bankAccountNo"
          inputMode="numeric"
          maxLength={20}
          value={values.bankAccountNo}
          disabled={otp !== null}
          onChange={(event) => set('bankAccountNo', event.target.value.replace(/\D/g, ''))}
        />
        <TextField
          label={t('bankChange.accountName')}
          name="bankAccountName"
          maxLength={100}
          value={values.bankAccountName}
          disabled={otp !== null}
          onChange={(event) => set('bankAccountName', event.target.value.toUpperCase())}
        />
        {otp && (
          <div className="flex flex-col gap-2" data-testid="bank-change-otp">
            <p className="text-sm text-muted">{t('bankChange.codeSent', { phone: profile.username })}</p>
            <TextField
              label={t('bankChange.code')}
              name="otpCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={code}
              className="text-center text-2xl font-bold tracking-[0.5em] tabular-nums"
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
                setError(null);
              }}
            />
            <p className="text-sm text-muted">
              {t('bankChange.ref')} <span className="font-semibold text-fg tabular-nums">{otp.otpRef}</span>
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm text-danger" data-testid="bank-change-error">
            {error}
          </p>
        )}
        <p className="text-xs text-subtle">{t('bankChange.coolingNote')}</p>
      </form>
    </Modal>
  );
}
