import { describe, expect, it } from 'vitest';
import { hasDefault, isSettingKey, SETTING_KEYS, SETTINGS } from './settings.ts';

describe('settings schemas', () => {
  it('gives the rates of the modules still to come an "off" default', () => {
    expect(SETTINGS.bonusRates.parse(undefined)).toEqual({ depositPercent: 0, turnoverMultiplier: 0, maxBonus: 0 });
    expect(SETTINGS.refundRates.parse(undefined)).toEqual({
      lossPercent: 0,
      minRefund: 0,
      successPercent: 200,
      failPercent: 10,
    });
    expect(SETTINGS.referralRates.parse(undefined)).toEqual({
      depositPercent: 0,
      successPercent: 200,
      failPercent: 10,
    });
    expect(SETTINGS.wheelRates.parse(undefined)).toEqual({ coinsPerHundred: 1, maxCoinsPerDeposit: 100 });
  });

  it('refuses values that would break a reader later', () => {
    expect(SETTINGS.withdrawLimits.safeParse({ withdrawMin: 500, withdrawMax: 100 }).success).toBe(false);
    expect(SETTINGS.withdrawLimits.safeParse({ withdrawMin: -1, withdrawMax: 100 }).success).toBe(false);
    expect(SETTINGS.withdrawLimits.safeParse({ withdrawMin: 100, withdrawMax: 100 }).success).toBe(true);
    expect(SETTINGS.slipWindow.safeParse({ closeFrom: '24:00', closeTo: '00:10', maxAgeMinutes: 60 }).success).toBe(
      false,
    );
    expect(SETTINGS.siteStatus.safeParse('paused').success).toBe(false);
    expect(SETTINGS.registerOTP.safeParse('true').success).toBe(false);
    expect(SETTINGS.minDeposit.safeParse(1.5).success).toBe(false);
    expect(SETTINGS.refundRates.safeParse({ lossPercent: 5.255, minRefund: 0 }).success).toBe(false);
    expect(SETTINGS.refundRates.safeParse({ lossPercent: 5.25, minRefund: 0 }).success).toBe(true);
    expect(SETTINGS.refundRates.safeParse({ lossPercent: 101, minRefund: 0 }).success).toBe(false);
  });

  it('knows its keys', () => {
    expect(isSettingKey('withdrawLimits')).toBe(true);
    expect(isSettingKey('constructor')).toBe(false);
    expect(hasDefault('deposit')).toBe(false);
    expect(hasDefault('siteStatus')).toBe(true);
    expect(SETTING_KEYS).toContain('enableChatWidget');
  });
});
