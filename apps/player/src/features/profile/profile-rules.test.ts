import { describe, expect, it } from 'vitest';
import { checkChangePassword, needsEnglishBankName, validateEnglishName } from './profile-rules.ts';

describe('profile rules', () => {
  it('asks KTB, TMB and BBL accounts with a non-English name for the English name', () => {
    expect(needsEnglishBankName({ bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' })).toBe(true);
    expect(needsEnglishBankName({ bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' })).toBe(false);
    expect(needsEnglishBankName({ bankCode: 'KBANK', bankAccountName: 'สมชาย ใจดี' })).toBe(false);
  });
  it('validates the English name', () => {
    expect(validateEnglishName(' ')).toBe('bankName.required');
    expect(validateEnglishName('SOMCHAI1')).toBe('bankName.englishOnly');
    expect(validateEnglishName('SOMCHAI JAIDEE')).toBeNull();
  });
  it('checks the password change', () => {
    expect(checkChangePassword({ oldPassword: 'a', newPassword: '', confirmPassword: 'b' })).toBe('silent');
    expect(checkChangePassword({ oldPassword: 'a', newPassword: 'b', confirmPassword: 'c' })).toBe('notEqual');
    expect(checkChangePassword({ oldPassword: 'a', newPassword: 'b', confirmPassword: 'b' })).toBe('ok');
  });
});
