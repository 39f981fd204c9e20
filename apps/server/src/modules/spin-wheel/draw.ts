import { randomInt } from 'node:crypto';

/** A source of uniform integers in [0, max): `crypto.randomInt` in production, a seeded one in statistical tests. */
export type RandomInt = (max: number) => number;

export const cryptoRandomInt: RandomInt = (max) => randomInt(max);

/**
 * Pick an index with probability weight / Σ weights (docs/design.md §4 spin wheel): one uniform draw over the total,
 * walked through the cumulative weights. A zero weight is never picked. Throws when nothing can be picked.
 */
export function drawIndex(weights: readonly number[], random: RandomInt = cryptoRandomInt): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (!Number.isSafeInteger(total) || total <= 0) throw new Error('spin-wheel: a wheel needs a positive total weight');
  let r = random(total);
  for (const [i, w] of weights.entries()) {
    if (r < w) return i;
    r -= w;
  }
  throw new Error('spin-wheel: random value beyond the total weight');
}

/** Each weight as a percentage of the total, to 2 decimals (the published odds). */
export function oddsPercent(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => (total > 0 ? Math.round((w / total) * 10_000) / 100 : 0));
}
