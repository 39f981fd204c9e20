import { describe, expect, it } from 'vitest';
import { OTP_TTL_MS } from '@wallet/contract/limits';
import { restoreDraft, verifiedUntil } from './register-draft.ts';

const NOW = 1_800_000_000_000;
const base = {
  step: 'profile',
  phone: '0812345678',
  otp: { otpRef: 'ABCD', otpToken: 'tok', sentAt: NOW - 60_000 },
  verifiedUntil: verifiedUntil(NOW - 60_000),
  profile: { name: 'Somchai', sourceCode: 'FACEBOOK', inviteCode: 'PR42', password: 'never-read' },
  bank: { bankCode: 'KTB', bankAccountNo: '1234567890', firstName: 'SOMCHAI', lastName: 'JAIDEE' },
};

describe('restoreDraft', () => {
  it('gives back the steps, never a password', () => {
    const draft = restoreDraft(base, NOW);
    expect(draft).toMatchObject({ step: 'profile', phone: '0812345678', otp: base.otp });
    expect(draft?.verifiedUntil).toBe(base.verifiedUntil);
    expect(draft?.profile).toEqual({ name: 'Somchai', sourceCode: 'FACEBOOK', inviteCode: 'PR42' });
    expect(JSON.stringify(draft)).not.toContain('never-read');
  });

  it('resumes the bank step at the profile step (the password must be typed again), bank fields kept', () => {
    const draft = restoreDraft({ ...base, step: 'bank' }, NOW);
    expect(draft?.step).toBe('profile');
    expect(draft?.bank.bankAccountNo).toBe('1234567890');
  });

  it('keeps the OTP step while the code is valid, else goes back to the phone step', () => {
    const pending = { ...base, step: 'otp', verifiedUntil: null };
    expect(restoreDraft(pending, NOW)?.step).toBe('otp');
    const expired = restoreDraft(pending, base.otp.sentAt + OTP_TTL_MS + 1);
    expect(expired?.step).toBe('phone');
    expect(expired?.otp).toBeNull();
  });

  it('a verification past the ticket lifetime sends the player back to verify again', () => {
    const draft = restoreDraft(base, base.verifiedUntil + 1);
    expect(draft?.step).toBe('phone');
    expect(draft?.verifiedUntil).toBeNull();
  });

  it('an OTP-off site (never verified) resumes the profile step', () => {
    expect(restoreDraft({ ...base, otp: null, verifiedUntil: null }, NOW)?.step).toBe('profile');
  });

  it('ignores anything malformed', () => {
    for (const raw of [null, 'x', 42, {}, { ...base, step: 'done' }, { ...base, phone: 1 }])
      expect(restoreDraft(raw, NOW)).toBeNull();
    expect(restoreDraft({ ...base, bank: 'x', profile: null, otp: { otpRef: 1 } }, NOW)).toMatchObject({
      otp: null,
      profile: { name: '', sourceCode: '', inviteCode: '' },
      bank: { bankCode: '', bankAccountNo: '', firstName: '', lastName: '' },
    });
  });
});
