import type { Bonus, BonusCondition } from '@wallet/contract/promotions';

/** Test data shaped like GET /api/bonus and GET /api/bonus/condition. */
export const bonusFixture = (patch: Partial<Bonus> & { code: string }): Bonus => ({
  name: `Bonus ${patch.code}`,
  type: 'limit',
  maxReceived: 1,
  percentFail: 10,
  banners: [{ image: `/promotions/${patch.code.toLowerCase()}.svg`, html: '' }],
  userBonus: null,
  ...patch,
});

/** A GET /api/bonus/condition body: a 5× turnover bonus, 300 of 750 played. */
export const conditionFixture = (patch: Partial<BonusCondition> = {}): { condition: BonusCondition } => ({
  condition: {
    source: 'bonus',
    name: 'First deposit 50%',
    successRule: 'turnover',
    bonus: 50,
    base: 150,
    progress: 300,
    target: 750,
    balance: 150,
    failBelow: 15,
    percentFail: 10,
    maxWithdraw: null,
    maxBet: null,
    overMaxBets: { count: 0, stake: 0, latest: [] },
    forfeitNow: 50,
    startedAt: '2026-11-23T10:00:00.000Z',
    ...patch,
  },
});
