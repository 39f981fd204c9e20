import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_PASSWORD_MAX_CHARS, MEMBER_PASSWORD_MIN_CHARS } from '@wallet/contract/limits';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { PasswordField } from '@wallet/ui/password-field';
import { TextField } from '@wallet/ui/text-field';
import { presentError } from '@wallet/web-core/present-error';
import { useForgotPasswordOtp, useForgotPasswordVerify, useResetPassword } from '../../../api/password-reset.ts';
import { storage } from '../../../lib/storage.ts';
import { OtpStep, type OtpState } from '../register-wizard/otp-step.tsx';
import { digitsOnly } from '../register-wizard/register-rules.ts';
import { StepHeading } from '../register-wizard/step-heading.tsx';

type Step = 'phone' | 'otp' | 'password';

const passwordLength = (value: string) => [...value].length;

/**
 * Forgot password by OTP (docs/decisions/0037-forgot-password.md): the phone, the SMS code, then a new password with
 * its rule shown; success signs the member in on this device and ends every other session.
 */
export function ForgotPassword({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const sendCode = useForgotPasswordOtp();
  const verify = useForgotPasswordVerify();
  const reset = useResetPassword();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState<OtpState | null>(null);
  const [ticket, setTicket] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = () =>
    sendCode.mutate(
      { phoneNumber: phone },
      {
        onSuccess: (result) => {
          setOtp({ otpRef: result.otpRef, otpToken: result.otpToken, sentAt: Date.now() });
          setStep('otp');
        },
        onError: (err) => setError(presentError(err, { as: 'inline' })),
      },
    );

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    if (sendCode.isPending) return;
    if (phone.length !== 10) {
      setError(t('register.errors.phoneLength'));
      return;
    }
    send();
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const length = passwordLength(password);
    if (length < MEMBER_PASSWORD_MIN_CHARS || length > MEMBER_PASSWORD_MAX_CHARS) {
      setError(t('forgot.passwordRule', { min: MEMBER_PASSWORD_MIN_CHARS, max: MEMBER_PASSWORD_MAX_CHARS }));
      return;
    }
    if (password !== confirm) {
      setError(t('register.errors.passwordMismatch'));
      return;
    }
    reset.mutate(
      { phoneNumber: phone, otpTicket: ticket, newPassword: password, remember: true },
      {
        onSuccess: ({ token, refreshToken }) => {
          storage.setToken(token, true, refreshToken);
          onSignedIn();
        },
        onError: (err) => setError(presentError(err, { as: 'inline' })),
      },
    );
  };

  const errorNote = error && (
    <p
      role="alert"
      data-testid="forgot-error"
      className="flex items-start gap-2 rounded-2xl bg-danger/10 px-4 py-3 text-sm text-danger ring-1 ring-danger/30 ring-inset"
    >
      <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
      {error}
    </p>
  );

  if (step === 'otp' && otp) {
    return (
      <OtpStep
        key={otp.otpToken}
        phone={phone}
        otp={otp}
        verify={verify}
        isResending={sendCode.isPending}
        onResend={send}
        onVerified={(otpTicket) => {
          setTicket(otpTicket ?? '');
          setError(null);
          setStep('password');
        }}
      />
    );
  }

  if (step === 'password') {
    return (
      <form noValidate onSubmit={submitPassword} className="flex flex-col gap-5" data-testid="forgot-password-step">
        <StepHeading title={t('forgot.passwordTitle')} description={t('forgot.passwordDescription')} />
        <PasswordField
          label={t('forgot.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          value={password}
          hint={t('forgot.passwordRule', { min: MEMBER_PASSWORD_MIN_CHARS, max: MEMBER_PASSWORD_MAX_CHARS })}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
        <PasswordField
          label={t('forgot.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            setError(null);
          }}
        />
        {errorNote}
        <Button type="submit" size="lg" isBlock isLoading={reset.isPending}>
          {t('forgot.save')}
        </Button>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={submitPhone} className="flex flex-col gap-5" data-testid="forgot-phone-step">
      <StepHeading title={t('forgot.title')} description={t('forgot.description')} />
      <TextField
        label={t('login.phone')}
        name="phone"
        inputMode="numeric"
        autoComplete="username"
        placeholder={t('login.phonePlaceholder')}
        value={phone}
        maxLength={10}
        startAdornment={<Icon name="user" className="size-5" />}
        onChange={(event) => {
          setPhone(digitsOnly(event.target.value).slice(0, 10));
          setError(null);
        }}
      />
      {errorNote}
      <Button type="submit" size="lg" isBlock isLoading={sendCode.isPending}>
        {t('forgot.sendCode')}
      </Button>
    </form>
  );
}
