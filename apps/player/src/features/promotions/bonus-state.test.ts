import type { Bonus } from '@wallet/contract/promotions';
import { describe, expect, it } from 'vitest';
import { bonusState, noticeFor } from './bonus-state.ts';

const bonus = (type: Bonus['type'], received: string[], isActive = false, maxReceived = 1): Bonus => ({
  code: 'B1',
  name: 'Bonus',
  type,
  maxReceived,
  percentFail: 10,
  banners: [],
  userBonus: { _id: 'u1', isActive, received: received.map((updatedAt) => ({ updatedAt })) },
});

describe('bonusState (docs/spec.md §4, Bangkok time)', () => {
  it('is open with no receipts, active while it runs', () => {
    expect(bonusState({ ...bonus('limit', []), userBonus: null }, new Date())).toBe('open');
    expect(bonusState(bonus('limit', ['2026-01-01T00:00:00Z'], true), new Date())).toBe('active');
  });

  it('limit counts every receipt', () => {
    expect(bonusState(bonus('limit', ['2020-01-01T00:00:00Z']), new Date('2026-11-23T10:00:00Z'))).toBe('received');
    expect(bonusState(bonus('limit', ['2020-01-01T00:00:00Z'], false, 2), new Date())).toBe('open');
    // another condition runs: an open card is blocked, the active and the received ones keep their state
    expect(bonusState(bonus('limit', ['2020-01-01T00:00:00Z'], false, 2), new Date(), true)).toBe('blocked');
    expect(bonusState(bonus('limit', ['2026-01-01T00:00:00Z'], true), new Date(), true)).toBe('active');
    expect(bonusState(bonus('limit', ['2020-01-01T00:00:00Z']), new Date(), true)).toBe('received');
  });

  it('day counts receipts of the Bangkok day: 23:59:59.9 and 00:00:00.1 are different days', () => {
    // 23:59:59.9 Bangkok on 22 Nov = 16:59:59.9 UTC
    const lastEvening = '2026-11-22T16:59:59.900Z';
    expect(bonusState(bonus('day', [lastEvening]), new Date('2026-11-22T16:59:59.950Z'))).toBe('received');
    expect(bonusState(bonus('day', [lastEvening]), new Date('2026-11-22T17:00:00.100Z'))).toBe('open');
  });

  it('week counts receipts of the Bangkok week starting Monday', () => {
    // Monday 23 Nov 2026 00:00:00.1 Bangkok = Sunday 22 Nov 17:00:00.1 UTC
    const sundayNight = '2026-11-22T16:59:59.900Z';
    const mondayMorning = new Date('2026-11-22T17:00:00.100Z');
    expect(bonusState(bonus('week', [sundayNight]), mondayMorning)).toBe('open');
    expect(bonusState(bonus('week', ['2026-11-22T17:00:00.100Z']), new Date('2026-11-29T16:59:59.900Z'))).toBe(
      'received',
    );
  });
});

describe('noticeFor', () => {
  it('replaces every %percentFail%', () => {
    expect(noticeFor('below %percentFail% % (%percentFail%)', 10)).toBe('below 10 % (10)');
  });
});
