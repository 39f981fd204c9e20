import { describe, expect, it } from 'vitest';
import { planPlayTransfer } from './play-plan.ts';

describe('planPlayTransfer (docs/spec.md §5 transfer-and-play)', () => {
  it('moves the whole wallet amount to the game when the balance is above 0', () => {
    expect(planPlayTransfer(1000, 'pg')).toEqual({ from: 'WALLET', to: 'pg', amount: 1000 });
    expect(planPlayTransfer(0.01, 'joker2')).toEqual({ from: 'WALLET', to: 'joker2', amount: 0.01 });
  });
  it('plays without a transfer at 0 or less', () => {
    expect(planPlayTransfer(0, 'pg')).toBeNull();
    expect(planPlayTransfer(-5, 'pg')).toBeNull();
    expect(planPlayTransfer(Number.NaN, 'pg')).toBeNull();
  });
});
