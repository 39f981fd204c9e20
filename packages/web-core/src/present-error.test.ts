import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorMessage, presentError, setAlertListener } from './present-error.ts';

const sonner = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('sonner', () => ({ toast: sonner }));

describe('presentError', () => {
  afterEach(async () => {
    setAlertListener(null);
    sonner.error.mockReset();
    await i18next.changeLanguage('th');
  });

  it('translates a catalogue code in the current language', async () => {
    await i18next.changeLanguage('en');
    expect(errorMessage(new ApiError('MONEY_NOT_ENOUGH', 400))).toBe('Insufficient balance.');
    await i18next.changeLanguage('th');
    expect(errorMessage(new ApiError('MONEY_NOT_ENOUGH', 400))).toBe('ยอดเงินไม่เพียงพอ');
    await i18next.changeLanguage('la');
    expect(errorMessage(new ApiError('MONEY_NOT_ENOUGH', 400))).toBe('ຍອດເງິນບໍ່ພຽງພໍ');
  });

  it('a code with a reason reads its reason with the values, and falls back to the code for an unknown reason', async () => {
    await i18next.changeLanguage('en');
    const tooMuch = new ApiError('BONUS_CONDITION', 400, {
      message: 'BONUS_CONDITION',
      reason: 'BALANCE_ABOVE_MAX',
      values: { max: '5.00', balance: '12.00' },
    });
    expect(errorMessage(tooMuch)).toBe(
      'This bonus can only be claimed with at most 5.00 in your wallet and games (your new deposit not counted). You hold 12.00 now.',
    );
    expect(errorMessage(new ApiError('BONUS_CONDITION', 400, { reason: 'SOMETHING_ELSE' }))).toBe(
      errorMessage(new ApiError('BONUS_CONDITION', 400)),
    );
  });

  it('shows the raw message when there is no translation', () => {
    expect(errorMessage(new ApiError('SOMETHING_NEW', 400))).toBe('SOMETHING_NEW');
    expect(errorMessage(new Error('plain text from the server'))).toBe('plain text from the server');
  });

  it('sends alerts to the alert host with the given title', () => {
    const listener = vi.fn();
    setAlertListener(listener);
    const message = presentError(new ApiError('TRANSFER_FAIL', 502), { as: 'alert', title: 'Transfer' });
    expect(listener).toHaveBeenCalledWith({ title: 'Transfer', message });
    expect(message).toBe('โอนเงินไม่สำเร็จ ระบบได้คืนเงินเข้ากระเป๋าของคุณแล้ว');
  });

  it('raises a 4 s toast for { as: toast } and nothing for inline or silent', async () => {
    const listener = vi.fn();
    setAlertListener(listener);
    presentError(new ApiError('QR_FAIL', 502), { as: 'inline' });
    presentError(new ApiError('QR_FAIL', 502), { as: 'silent' });
    presentError(new ApiError('QR_FAIL', 502), { as: 'toast' });
    await vi.waitFor(() => expect(sonner.error).toHaveBeenCalledTimes(1));
    expect(sonner.error).toHaveBeenCalledWith('สร้าง QR Code ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง', { duration: 4000 });
    expect(listener).not.toHaveBeenCalled();
  });
});
