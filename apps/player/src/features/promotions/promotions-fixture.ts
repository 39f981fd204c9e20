import type { Bonus, ConditionProgress } from '@wallet/contract/promotions';

/** Test data shaped like GET /api/bonus and GET /api/bonus/progress. */
export const bonusFixture = (patch: Partial<Bonus> & { code: string }): Bonus => ({
  name: `Bonus ${patch.code}`,
  type: 'limit',
  maxReceived: 1,
  percentFail: 10,
  banners: [{ image: `/promotions/${patch.code.toLowerCase()}.svg`, html: '' }],
  userBonus: null,
  ...patch,
});

export const progressFixture = (patch: Partial<ConditionProgress> = {}): ConditionProgress => ({
  source: 'bonus',
  name: 'First deposit 50%',
  type: 'limit',
  base: 150,
  rule: 'turnover',
  multiple: 5,
  successPercent: null,
  current: 300,
  target: 750,
  percentFail: 10,
  failBelow: 15,
  balance: 150,
  forfeit: 50,
  maxWithdraw: null,
  maxBet: null,
  startedAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:05:00.000Z',
  ...patch,
});
