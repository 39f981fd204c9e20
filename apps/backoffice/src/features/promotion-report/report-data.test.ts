import type { PromotionReportRow } from '@wallet/contract/admin/promotions';
import { describe, expect, it } from 'vitest';
import { byPromotion, daysBetween, perDay, totalsOf } from './report-data.ts';

const row = (
  day: string,
  code: string,
  claims: number,
  cost: number,
  forfeited = 0,
  turnover = 0,
): PromotionReportRow => ({
  day,
  code,
  promotionId: code === 'spin' ? null : 1,
  claims,
  cost,
  forfeited,
  turnover,
});

describe('promotion report data', () => {
  const rows = [
    row('2026-11-21', 'WELCOME100', 2, 0.1, 0, 1000),
    row('2026-11-23', 'WELCOME100', 1, 0.2, 0.1, 50.5),
    row('2026-11-23', 'spin', 4, 40),
    row('2026-10-01', 'OLD', 1, 9), // outside the chart's days: counted in totals, not drawn
  ];

  it('lists every Bangkok day of the range, across a month end', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysBetween('2026-11-02', '2026-11-01')).toEqual([]);
  });

  it('sums in cents (0.1 + 0.2 = 0.3) and puts the costliest promotion first', () => {
    expect(totalsOf(rows)).toEqual({ claims: 8, cost: 49.3, forfeited: 0.1, turnover: 1050.5 });
    expect(byPromotion(rows).map((p) => [p.code, p.claims, p.cost])).toEqual([
      ['spin', 4, 40],
      ['OLD', 1, 9],
      ['WELCOME100', 3, 0.3],
    ]);
  });

  it('draws one value per day with zeros where nothing happened', () => {
    const series = perDay(rows, daysBetween('2026-11-21', '2026-11-23'));
    expect(series.claims).toEqual([2, 0, 5]);
    expect(series.cost).toEqual([0.1, 0, 40.2]);
    expect(series.turnover).toEqual([1000, 0, 50.5]);
  });
});
