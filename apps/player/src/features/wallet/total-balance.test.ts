import { describe, expect, it } from 'vitest';
import { gamesBalance, totalBalance } from './total-balance.ts';

describe('totalBalance', () => {
  it('adds the wallet and every game account', () => {
    expect(totalBalance({ wallet: { amount: 900 }, slots: [{ amount: 100 }, { amount: 0 }, { amount: 25.5 }] })).toBe(
      1025.5,
    );
  });
  it('is the wallet alone when there are no game accounts', () => {
    expect(totalBalance({ wallet: { amount: 1000 }, slots: [] })).toBe(1000);
  });
  it('sums in minor units without float drift', () => {
    expect(totalBalance({ wallet: { amount: 0.1 }, slots: [{ amount: 0.2 }] })).toBe(0.3);
    expect(gamesBalance({ slots: [{ amount: 0.1 }, { amount: 0.2 }, { amount: 1.01 }] })).toBe(1.31);
  });
  it('treats a non-finite amount as zero', () => {
    expect(totalBalance({ wallet: { amount: Number.NaN }, slots: [{ amount: 5 }] })).toBe(5);
  });
});
