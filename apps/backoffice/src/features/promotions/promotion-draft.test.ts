import { PromotionInputSchema } from '@wallet/contract/admin/promotions';
import { describe, expect, it } from 'vitest';
import { emptyPromotion, promotionState, validatePromotion, type PromotionDraft } from './promotion-draft.ts';

const filled = (patch: Partial<PromotionDraft> = {}): PromotionDraft => ({
  ...emptyPromotion(),
  code: 'WEEKLY20',
  name: { th: 'โบนัสรายสัปดาห์', la: 'ໂບນັດ', en: 'Weekly bonus' },
  description: { th: 'ทำเทิร์น 5 เท่า', la: 'ເທີນ 5 ເທົ່າ', en: 'Turnover 5 times' },
  ...patch,
});

describe('validatePromotion', () => {
  it('passes a complete draft, which the contract accepts too', () => {
    expect(validatePromotion(filled())).toEqual({});
    expect(PromotionInputSchema.safeParse(filled()).success).toBe(true);
  });

  it('names each missing text by language and a bad code', () => {
    const errors = validatePromotion({ ...emptyPromotion(), code: 'bad code' });
    expect(Object.keys(errors).sort()).toEqual(
      ['code', 'description.en', 'description.la', 'description.th', 'name.en', 'name.la', 'name.th'].sort(),
    );
  });

  it('needs a turnover multiple above 0, or a credit target above the fail percentage', () => {
    expect(validatePromotion(filled({ turnoverMultiple: 0 }))).toEqual({ turnoverMultiple: { key: 'turnoverNeeded' } });
    expect(validatePromotion(filled({ successRule: 'credit', successPercent: 10, percentFail: 10 }))).toEqual({
      successPercent: { key: 'successAboveFail' },
    });
    expect(validatePromotion(filled({ successRule: 'credit', successPercent: 200, turnoverMultiple: 0 }))).toEqual({});
  });

  it('refuses empty, fractional, negative and out-of-range numbers; caps may be empty', () => {
    expect(validatePromotion(filled({ percent: Number.NaN })).percent).toEqual({ key: 'required' });
    expect(validatePromotion(filled({ maxReceived: 1.5 })).maxReceived).toEqual({ key: 'whole' });
    expect(validatePromotion(filled({ percentFail: 101 })).percentFail).toEqual({
      key: 'range',
      values: { min: 0, max: 100 },
    });
    expect(validatePromotion(filled({ minDeposit: 10.005 })).minDeposit).toEqual({ key: 'money' });
    expect(validatePromotion(filled({ maxAmount: 0 })).maxAmount).toEqual({ key: 'positive' });
    expect(validatePromotion(filled({ maxBet: null, maxWithdrawMultiple: null }))).toEqual({});
    expect(validatePromotion(filled({ maxBet: -1 })).maxBet).toEqual({ key: 'money' });
  });

  it('wants the schedule to end after it starts and every banner to have an image', () => {
    const errors = validatePromotion(
      filled({
        startsAt: '2026-12-01T00:00:00+07:00',
        endsAt: '2026-11-30T23:59:00+07:00',
        banners: [{ image: '', html: '<b>x</b>' }],
      }),
    );
    expect(errors).toEqual({ endsAt: { key: 'scheduleOrder' }, 'banners.0': { key: 'bannerImage' } });
  });
});

describe('promotionState', () => {
  const now = Date.parse('2026-11-23T12:00:00+07:00');
  it('is off, scheduled, ended or live', () => {
    expect(promotionState({ isActive: false, startsAt: null, endsAt: null }, now)).toBe('off');
    expect(promotionState({ isActive: true, startsAt: '2026-11-24T00:00:00+07:00', endsAt: null }, now)).toBe(
      'scheduled',
    );
    expect(promotionState({ isActive: true, startsAt: null, endsAt: '2026-11-23T12:00:00+07:00' }, now)).toBe('ended');
    expect(promotionState({ isActive: true, startsAt: '2026-11-01T00:00:00+07:00', endsAt: null }, now)).toBe('live');
  });
});
