import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_TICKET_TTL_MS, REGISTER_REDIRECT_MS } from '@wallet/contract/limits';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { useOtpSend, useOtpVerify, useRegister, useValidateRegistration } from '../../../api/account.ts';
import { useRegisterOtp } from '../../../api/lookup.ts';
import { ApiError } from '@wallet/web-core/api-client';
import { presentError } from '@wallet/web-core/present-error';
import { storage } from '../../../lib/storage.ts';
import { BankStep, type BankStepValues } from './bank-step.tsx';
import { OtpStep, type OtpState } from './otp-step.tsx';
import { PhoneStep } from './phone-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { restoreDraft, verifiedUntil, type RegisterDraft } from './register-draft.ts';
import { RegisterSuccess } from './register-success.tsx';
import {
  OTP_ALREADY_VERIFIED,
  previousStep,
  stepAfterOtpSend,
  stepAfterPhone,
  stepsFor,
  toBankAccountName,
  type ProfileValues,
  type RegisterStep,
} from './register-rules.ts';
import { StepIndicator } from './step-indicator.tsx';
import { useStepHistory } from './use-step-history.ts';

export type RegisterWizardProps = {
  /** inviter code from ?code= or remembered locally */
  inviteCode: string;
  isLaoVariant: boolean;
  /** back from step 1 */
  onExit: () => void;
  /** called REGISTER_REDIRECT_MS after a successful registration with the phone (the route goes to /login, prefilled) */
  onRegistered: (phone: string) => void;
};

/** The four-step registration of docs/spec.md §2 / §4 / §5. Server errors show as a 4 s toast. */
export function RegisterWizard({ inviteCode, isLaoVariant, onExit, onRegistered }: RegisterWizardProps) {
  const { t } = useTranslation('auth');
  const otpSetting = useRegisterOtp();
  // a failed lookup counts as "on": the server decides, and answers OTP_VERIFIED when nothing is needed
  const isOtpOn = otpSetting.data ?? otpSetting.isError;
  const otpSend = useOtpSend();
  const otpVerify = useOtpVerify();
  const validate = useValidateRegistration();
  const register = useRegister();

  // a reload resumes where the player was: the draft of this tab session, never the password
  const [draft] = useState(() => restoreDraft(storage.getRegisterDraft()));
  const [step, setStep] = useState<RegisterStep>(draft?.step ?? 'phone');
  const [phone, setPhone] = useState(draft?.phone ?? '');
  const [otp, setOtp] = useState<OtpState | null>(draft?.otp ?? null);
  const [verifiedUntilAt, setVerifiedUntilAt] = useState<number | null>(draft?.verifiedUntil ?? null);
  const isOtpVerified = verifiedUntilAt !== null;
  const setIsOtpVerified = (isVerified: boolean) => setVerifiedUntilAt(isVerified ? verifiedUntil(Date.now()) : null);
  const [profile, setProfile] = useState<ProfileValues>({
    name: draft?.profile.name ?? '',
    password: '',
    confirmPassword: '',
    sourceCode: draft?.profile.sourceCode ?? '',
    inviteCode: draft?.profile.inviteCode || inviteCode,
  });
  const [bank, setBank] = useState<BankStepValues>(
    draft?.bank ?? { bankCode: '', bankAccountNo: '', firstName: '', lastName: '' },
  );
  const [isDone, setIsDone] = useState(false);

  useEffect(() => {
    if (isDone) return;
    storage.setRegisterDraft({
      step,
      phone,
      otp,
      verifiedUntil: verifiedUntilAt,
      profile: { name: profile.name, sourceCode: profile.sourceCode, inviteCode: profile.inviteCode },
      bank,
    } satisfies RegisterDraft);
  }, [isDone, step, phone, otp, verifiedUntilAt, profile.name, profile.sourceCode, profile.inviteCode, bank]);

  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(() => onRegistered(phone), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isDone, onRegistered, phone]);

  // the ticket the verify call handed this tab stands for the verified phone (docs/decisions/0017)
  const ticketFor = (phoneNumber: string) => {
    const otpTicket = storage.getOtpTicket(phoneNumber);
    return otpTicket ? { otpTicket } : {};
  };

  const sendOtp = (phoneNumber: string) =>
    otpSend.mutate(
      { phoneNumber, ...ticketFor(phoneNumber) },
      {
        onSuccess: (result) => {
          const next = stepAfterOtpSend(result.code);
          if (next === 'otp') setOtp({ otpRef: result.otpRef, otpToken: result.otpToken, sentAt: Date.now() });
          else setIsOtpVerified(true);
          setStep(next);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === OTP_ALREADY_VERIFIED) {
            setIsOtpVerified(true);
            setStep('profile');
          } else presentError(err, { as: 'toast' });
        },
      },
    );

  const handlePhone = (value: string) => {
    const isSamePhone = value === phone;
    if (!isSamePhone) {
      setOtp(null);
      setIsOtpVerified(false);
    }
    setPhone(value);
    if (stepAfterPhone(isOtpOn) === 'profile' || (isSamePhone && isOtpVerified)) setStep('profile');
    // back from step 2 with the same number: the code already sent is still good
    else if (isSamePhone && otp) setStep('otp');
    else sendOtp(value);
  };

  const handleProfile = (values: ProfileValues) => {
    setProfile(values);
    validate.mutate(
      {
        name: values.name.trim(),
        username: phone,
        password: values.password,
        sourceCode: values.sourceCode,
        inviteCode: values.inviteCode,
        ...ticketFor(phone),
      },
      { onSuccess: () => setStep('bank'), onError: (err) => presentError(err, { as: 'toast' }) },
    );
  };

  const handleBank = async (values: BankStepValues) => {
    const body = {
      name: profile.name.trim(),
      username: phone,
      password: profile.password,
      sourceCode: profile.sourceCode,
      inviteCode: profile.inviteCode,
      bankCode: values.bankCode,
      bankAccountName: toBankAccountName(values.firstName, values.lastName),
      bankAccountNo: values.bankAccountNo,
      ...(values.currency ? { currency: values.currency } : {}),
      ...ticketFor(phone),
    };
    try {
      await validate.mutateAsync(body);
      await register.mutateAsync(body);
      storage.clearOtpTicket();
      storage.clearRegisterDraft();
      setIsDone(true);
    } catch (err) {
      presentError(err, { as: 'toast' });
    }
  };

  const handleBack = () => {
    const previous = previousStep(step, isOtpOn);
    if (!previous) onExit();
    else setStep(previous === 'otp' && (isOtpVerified || !otp) ? 'phone' : previous);
  };

  const steps = stepsFor(isOtpOn);
  // the phone's back steps back through the wizard (one history entry per step forward)
  const handleBackButton = useStepHistory(step, steps, handleBack);

  if (isDone) return <RegisterSuccess />;

  return (
    <div className="flex flex-col gap-6" data-testid="register-wizard" data-step={step}>
      <div className="flex items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={handleBackButton}
          aria-label={t('register.back')}
          data-testid="register-back"
          className="-ml-3"
        >
          <Icon name="chevron-left" className="size-6" />
        </Button>
        <h1 className="text-lg font-bold text-fg">{t('register.title')}</h1>
        <span className="ml-auto text-sm text-subtle tabular-nums">
          {t('register.stepOf', { current: steps.indexOf(step) + 1, total: steps.length })}
        </span>
      </div>
      <StepIndicator steps={steps} current={step} />
      <section className="rounded-[var(--radius-card)] bg-gradient-to-b from-surface to-bg-raised p-5 shadow-card ring-1 ring-line">
        {step === 'phone' && (
          <PhoneStep
            defaultPhone={phone}
            isLaoVariant={isLaoVariant}
            isBusy={otpSend.isPending || otpSetting.isPending}
            onSubmit={handlePhone}
          />
        )}
        {step === 'otp' && otp && (
          <OtpStep
            key={otp.otpToken}
            phone={phone}
            otp={otp}
            verify={otpVerify}
            isResending={otpSend.isPending}
            onResend={() => sendOtp(phone)}
            onVerified={(otpTicket) => {
              if (otpTicket) storage.setOtpTicket(phone, otpTicket, Date.now() + OTP_TICKET_TTL_MS);
              setIsOtpVerified(true);
              setStep('profile');
            }}
          />
        )}
        {step === 'profile' && (
          <ProfileStep
            defaultValues={profile}
            isBusy={validate.isPending}
            onChange={setProfile}
            onSubmit={handleProfile}
          />
        )}
        {step === 'bank' && (
          <BankStep
            defaultValues={bank}
            onChange={setBank}
            isLaoVariant={isLaoVariant}
            isBusy={validate.isPending || register.isPending}
            onSubmit={(values) => void handleBank(values)}
          />
        )}
      </section>
    </div>
  );
}
