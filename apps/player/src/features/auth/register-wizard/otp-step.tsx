import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_SEND_INTERVAL_MS } from '@wallet/contract/limits';
import { Button } from '@wallet/ui/button';
import { TextField } from '@wallet/ui/text-field';
import type { useOtpVerify } from '../../../api/account.ts';
import { ApiError } from '@wallet/web-core/api-client';
import { presentError } from '@wallet/web-core/present-error';
import { digitsOnly } from './register-rules.ts';
import { StepHeading } from './step-heading.tsx';
import { useCountdown } from './use-countdown.ts';

const OTP_LENGTH = 6;

export type OtpState = { otpRef: string; otpToken: string; sentAt: number };

export type OtpStepProps = {
  phone: string;
  otp: OtpState;
  isResending: boolean;
  onResend: () => void;
  /** `otpTicket`: what the server handed this client for the verified phone */
  onVerified: (otpTicket: string | undefined) => void;
  /** the verify call: registration's or the password reset's (same body and answer) */
  verify: ReturnType<typeof useOtpVerify>;
};

/**
 * The 6-digit SMS code, its reference, and a resend button after a 60 s countdown. Used by registration and by
 * forgot password; the parent remounts it (key = the code's token) when a new code is sent, so the old code and its
 * error go away.
 */
export function OtpStep({ phone, otp, isResending, onResend, onVerified, verify }: OtpStepProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const secondsLeft = useCountdown(otp.sentAt + OTP_SEND_INTERVAL_MS);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) {
      setError(t('register.errors.otpLength'));
      return;
    }
    verify.mutate(
      { otpToken: otp.otpToken, otpCode: code },
      {
        onSuccess: (result) => onVerified(result.otpTicket),
        // five wrong codes lock this code: say so, and that a new one is the way on
        onError: (err) =>
          setError(
            err instanceof ApiError && err.code === 'OTP_BLOCK'
              ? t('register.otp.blocked')
              : presentError(err, { as: 'inline' }),
          ),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6" data-testid="otp-step">
      <StepHeading title={t('register.otp.title')} description={t('register.otp.description', { phone })} />
      <div className="flex flex-col gap-2">
        <TextField
          label={t('register.otp.label')}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder="••••••"
          value={code}
          error={error ?? undefined}
          className="text-center text-2xl font-bold tracking-[0.5em] tabular-nums"
          onChange={(event) => {
            setCode(digitsOnly(event.target.value).slice(0, OTP_LENGTH));
            setError(null);
          }}
        />
        <p className="text-sm text-muted" data-testid="otp-ref">
          {t('register.otp.ref')} <span className="font-semibold text-fg tabular-nums">{otp.otpRef}</span>
        </p>
      </div>
      <Button type="submit" size="lg" isBlock isLoading={verify.isPending}>
        {t('register.otp.submit')}
      </Button>
      <div className="flex items-center justify-center gap-1 text-sm text-muted">
        <span>{t('register.otp.notReceived')}</span>
        {secondsLeft > 0 ? (
          <span className="min-h-11 px-2 leading-[2.75rem] tabular-nums" data-testid="otp-countdown">
            {t('register.otp.resendIn', { seconds: secondsLeft })}
          </span>
        ) : (
          <Button variant="ghost" size="sm" className="text-primary" isLoading={isResending} onClick={onResend}>
            {t('register.otp.resend')}
          </Button>
        )}
      </div>
    </form>
  );
}
