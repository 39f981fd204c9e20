import { describe, expect, it } from 'vitest';
import { cryptoRandomInt, drawIndex, oddsPercent, type RandomInt } from '../../src/modules/spin-wheel/draw.ts';

/** The demo wheel's weights (demo-wheel.ts). */
const WEIGHTS = [30, 22, 15, 8, 10, 10, 4, 1];
const N = 100_000;

/** mulberry32: a small seeded PRNG, so the deterministic χ² check gives the same answer on every run. */
function seeded(seed: number): RandomInt {
  let a = seed >>> 0;
  return (max) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return Math.floor((((r ^ (r >>> 14)) >>> 0) / 4_294_967_296) * max);
  };
}

function chiSquare(random: RandomInt): number {
  const counts = new Array<number>(WEIGHTS.length).fill(0);
  for (let i = 0; i < N; i++) counts[drawIndex(WEIGHTS, random)]! += 1;
  const total = WEIGHTS.reduce((s, w) => s + w, 0);
  return WEIGHTS.reduce((chi, w, i) => {
    const expected = (N * w) / total;
    return chi + (counts[i]! - expected) ** 2 / expected;
  }, 0);
}

// χ² critical values for 7 degrees of freedom
const P_001 = 18.475; // p = 0.01
const P_1E6 = 40.5; // p ≈ 1e-6

describe('drawIndex', () => {
  it('matches the weights over 100,000 seeded draws (χ², p > 0.01)', () => {
    expect(chiSquare(seeded(20261123))).toBeLessThan(P_001);
  });

  it('matches the weights over 100,000 crypto.randomInt draws (χ², tolerance p > 1e-6 so it never flakes)', () => {
    expect(chiSquare(cryptoRandomInt)).toBeLessThan(P_1E6);
  });

  it('walks the cumulative weights exactly: each value lands in its slice, zero weights never', () => {
    const weights = [2, 0, 3];
    expect([0, 1, 2, 3, 4].map((r) => drawIndex(weights, () => r))).toEqual([0, 0, 2, 2, 2]);
    expect(() => drawIndex([0, 0], () => 0)).toThrow();
    expect(() => drawIndex(weights, () => 5)).toThrow();
  });

  it('publishes odds as percentages of the total weight', () => {
    expect(oddsPercent([1, 1, 2])).toEqual([25, 25, 50]);
    expect(oddsPercent(WEIGHTS)).toEqual([30, 22, 15, 8, 10, 10, 4, 1]);
  });
});
