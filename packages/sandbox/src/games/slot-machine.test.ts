import { describe, expect, it } from 'vitest';
import { SLOT_SYMBOLS, evaluate, returnToPlayer, spinReels } from './slot-machine.ts';

describe('slot machine', () => {
  it('has a positive house edge', () => {
    const rtp = returnToPlayer();
    expect(rtp).toBeGreaterThan(0.9);
    expect(rtp).toBeLessThan(1);
  });

  it('pays per the paytable', () => {
    expect(evaluate(['seven', 'seven', 'seven'])).toEqual({ win: 'three', multiplier: 50 });
    expect(evaluate(['bell', 'bell', 'star'])).toEqual({ win: 'two', multiplier: 2 });
    expect(evaluate(['cherry', 'bell', 'cherry'])).toEqual({ win: 'cherry', multiplier: 1 });
    expect(evaluate(['bell', 'star', 'star'])).toEqual({ win: 'none', multiplier: 0 });
  });

  it('draws only known symbols', () => {
    for (let i = 0; i < 200; i++) for (const s of spinReels()) expect(SLOT_SYMBOLS).toContain(s);
  });
});
