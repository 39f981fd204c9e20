import { describe, expect, it } from 'vitest';
import { progressPercent } from './member-promotions-tab.tsx';

describe('a condition progress bar', () => {
  it('is the share of the target reached, kept within 0–100', () => {
    expect(progressPercent({ progress: 250, target: 1000 })).toBe(25);
    expect(progressPercent({ progress: 1500, target: 1000 })).toBe(100);
    expect(progressPercent({ progress: 0, target: 1000 })).toBe(0);
    // nothing to reach: complete
    expect(progressPercent({ progress: 0, target: 0 })).toBe(100);
  });
});
