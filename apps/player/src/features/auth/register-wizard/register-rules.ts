import { ENGLISH_NAME_BANKS, ENGLISH_NAME_PATTERN, PHONE_LENGTH } from '@wallet/contract/limits';

/** The four steps of docs/spec.md §2 / §4; `otp` exists only when the OTP-on-register setting is on. */
export type RegisterStep = 'phone' | 'otp' | 'profile' | 'bank';

/** Server code of POST /api/otp/send meaning the phone is already verified: step 2 is skipped. */
export const OTP_ALREADY_VERIFIED = 'OTP_VERIFIED';

export const stepsFor = (isOtpOn: boolean): RegisterStep[] =>
  isOtpOn ? ['phone', 'otp', 'profile', 'bank'] : ['phone', 'profile', 'bank'];

/** Step 1 goes to the OTP step when the setting is on, else straight to the profile step. */
export const stepAfterPhone = (isOtpOn: boolean): RegisterStep => (isOtpOn ? 'otp' : 'profile');

/** An OTP send answering OTP_VERIFIED skips step 2. */
export const stepAfterOtpSend = (code: string | undefined): RegisterStep =>
  code === OTP_ALREADY_VERIFIED ? 'profile' : 'otp';

export function previousStep(step: RegisterStep, isOtpOn: boolean): RegisterStep | null {
  const steps = stepsFor(isOtpOn);
  const index = steps.indexOf(step);
  return index > 0 ? (steps[index - 1] ?? null) : null;
}

/** Keeps digits only (phone and account number fields open the numeric keypad). */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** Step 1: required; exactly 10 digits outside the Lao variant. Returns an `auth` catalogue key or null. */
export function validatePhone(phone: string, isLaoVariant: boolean): string | null {
  if (!phone.trim()) return 'register.errors.phoneRequired';
  if (!isLaoVariant && phone.trim().length !== PHONE_LENGTH) return 'register.errors.phoneLength';
  return null;
}

export type ProfileValues = {
  name: string;
  password: string;
  confirmPassword: string;
  sourceCode: string;
  inviteCode: string;
};
export type ProfileErrors = Partial<Record<'name' | 'password' | 'confirmPassword', string>>;

/** Step 3: name, password and confirmation required; a mismatch says "Passwords don't match". */
export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!values.name.trim()) errors.name = 'register.errors.nameRequired';
  if (!values.password) errors.password = 'register.errors.passwordRequired';
  if (!values.confirmPassword) errors.confirmPassword = 'register.errors.confirmRequired';
  else if (values.password && values.password !== values.confirmPassword)
    errors.confirmPassword = 'register.errors.passwordMismatch';
  return errors;
}

export type BankValues = {
  bankCode: string;
  bankAccountNo: string;
  firstName: string;
  lastName: string;
};
export type BankField = keyof BankValues;

export const needsEnglishName = (bankCode: string): boolean =>
  (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);

/** The holder's name as registered: first and last name joined by one space. */
export const toBankAccountName = (firstName: string, lastName: string): string =>
  `${firstName.trim()} ${lastName.trim()}`;

/** First and last name inputs are upper-cased as typed. */
export const toUpperName = (value: string): string => value.toUpperCase();

export type BankCheck = {
  /** required fields left empty: the step stops silently and only marks them */
  missing: BankField[];
  /** `auth` catalogue key for the English-only rule of KTB, TMB and BBL */
  nameError: string | null;
};

/** Step 4 client rules (docs/spec.md §5). */
export function checkBank(values: BankValues): BankCheck {
  const missing = (['bankCode', 'bankAccountNo', 'firstName', 'lastName'] as const).filter(
    (field) => !values[field].trim(),
  );
  let nameError: string | null = null;
  if (missing.length === 0 && needsEnglishName(values.bankCode)) {
    const name = toBankAccountName(values.firstName, values.lastName);
    if (!ENGLISH_NAME_PATTERN.test(name)) nameError = 'register.errors.englishName';
  }
  return { missing, nameError };
}
