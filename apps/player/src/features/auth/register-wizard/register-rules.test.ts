import { describe, expect, it } from 'vitest';
import {
  checkBank,
  previousStep,
  stepAfterOtpSend,
  stepAfterPhone,
  stepsFor,
  toBankAccountName,
  validatePhone,
  validateProfile,
} from './register-rules.ts';

describe('register wizard steps', () => {
  it('has an OTP step only when the setting is on', () => {
    expect(stepsFor(true)).toEqual(['phone', 'otp', 'profile', 'bank']);
    expect(stepsFor(false)).toEqual(['phone', 'profile', 'bank']);
    expect(stepAfterPhone(true)).toBe('otp');
    expect(stepAfterPhone(false)).toBe('profile');
  });

  it('skips step 2 when sending the OTP answers OTP_VERIFIED', () => {
    expect(stepAfterOtpSend('OTP_VERIFIED')).toBe('profile');
    expect(stepAfterOtpSend('OTP_SENT')).toBe('otp');
    expect(stepAfterOtpSend(undefined)).toBe('otp');
  });

  it('goes back over the OTP step only when it exists', () => {
    expect(previousStep('profile', true)).toBe('otp');
    expect(previousStep('profile', false)).toBe('phone');
    expect(previousStep('phone', true)).toBeNull();
  });
});

describe('phone rule', () => {
  it('needs exactly 10 digits outside the Lao variant', () => {
    expect(validatePhone('', false)).toBe('register.errors.phoneRequired');
    expect(validatePhone('081234567', false)).toBe('register.errors.phoneLength');
    expect(validatePhone('08123456789', false)).toBe('register.errors.phoneLength');
    expect(validatePhone('0812345678', false)).toBeNull();
  });

  it('has no 10-digit rule in the Lao variant', () => {
    expect(validatePhone('02012345678', true)).toBeNull();
    expect(validatePhone('', true)).toBe('register.errors.phoneRequired');
  });
});

describe('profile rule', () => {
  const base = { name: 'Somchai', password: 'secret1', confirmPassword: 'secret1', sourceCode: '', inviteCode: '' };
  it('accepts matching passwords', () => expect(validateProfile(base)).toEqual({}));
  it('reports a mismatch on the confirmation', () =>
    expect(validateProfile({ ...base, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'register.errors.passwordMismatch',
    }));
  it('requires name, password and confirmation', () =>
    expect(validateProfile({ ...base, name: ' ', password: '', confirmPassword: '' })).toEqual({
      name: 'register.errors.nameRequired',
      password: 'register.errors.passwordRequired',
      confirmPassword: 'register.errors.confirmRequired',
    }));
});

describe('bank rule', () => {
  const base = { bankCode: 'KTB', bankAccountNo: '1234567890', firstName: 'SOMCHAI', lastName: 'JAIDEE' };
  it('lists missing fields without a message (silent stop)', () => {
    expect(checkBank({ ...base, bankCode: '', lastName: '' })).toEqual({
      missing: ['bankCode', 'lastName'],
      nameError: null,
    });
  });
  it('needs an English name for KTB, TMB and BBL', () => {
    for (const bankCode of ['KTB', 'TMB', 'BBL']) {
      expect(checkBank({ ...base, bankCode, firstName: 'สมชาย' }).nameError).toBe('register.errors.englishName');
      expect(checkBank({ ...base, bankCode }).nameError).toBeNull();
    }
  });
  it('accepts any script for other banks', () => {
    expect(checkBank({ ...base, bankCode: 'KBANK', firstName: 'สมชาย', lastName: 'ใจดี' }).nameError).toBeNull();
  });
  it('joins first and last name with one space', () =>
    expect(toBankAccountName(' SOMCHAI ', 'JAIDEE')).toBe('SOMCHAI JAIDEE'));
});
