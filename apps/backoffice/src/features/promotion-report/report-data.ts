import type { PromotionReportRow } from '@wallet/contract/admin/promotions';
import { addDays, type Day } from '../../lib/bangkok.ts';

export type Totals = { claims: number; cost: number; forfeited: number; turnover: number };
export type PromotionTotals = Totals & { code: string };

const zero = (): Totals => ({ claims: 0, cost: 0, forfeited: 0, turnover: 0 });
/** money is major units with two decimals: add in cents so 0.1 + 0.2 stays 0.30 */
const add = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;
const accumulate = (into: Totals, row: Totals) => {
  into.claims += row.claims;
  into.cost = add(into.cost, row.cost);
  into.forfeited = add(into.forfeited, row.forfeited);
  into.turnover = add(into.turnover, row.turnover);
};

/** Every Bangkok day from `from` to `to`, both inclusive (the chart's x axis: a day without claims shows 0). */
export function daysBetween(from: Day, to: Day): Day[] {
  const days: Day[] = [];
  for (let day = from; day <= to && days.length < 400; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The sums of the rows (optionally of one promotion code). */
export function totalsOf(rows: readonly PromotionReportRow[]): Totals {
  const totals = zero();
  for (const row of rows) accumulate(totals, row);
  return totals;
}

/** One line per promotion over the whole range, the costliest first. */
export function byPromotion(rows: readonly PromotionReportRow[]): PromotionTotals[] {
  const map = new Map<string, PromotionTotals>();
  for (const row of rows) {
    const entry = map.get(row.code) ?? { code: row.code, ...zero() };
    accumulate(entry, row);
    map.set(row.code, entry);
  }
  return [...map.values()].sort((a, b) => b.cost - a.cost || a.code.localeCompare(b.code));
}

/** The day series of the chart: one value per day of `days` (0 where nothing happened). */
export function perDay(rows: readonly PromotionReportRow[], days: readonly Day[]): Record<keyof Totals, number[]> {
  const index = new Map(days.map((day, i) => [day, i]));
  const series = {
    claims: days.map(() => 0),
    cost: days.map(() => 0),
    forfeited: days.map(() => 0),
    turnover: days.map(() => 0),
  };
  for (const row of rows) {
    const i = index.get(row.day);
    if (i === undefined) continue;
    series.claims[i]! += row.claims;
    series.cost[i] = add(series.cost[i]!, row.cost);
    series.forfeited[i] = add(series.forfeited[i]!, row.forfeited);
    series.turnover[i] = add(series.turnover[i]!, row.turnover);
  }
  return series;
}
