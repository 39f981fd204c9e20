import { describe, expect, it } from 'vitest';
import { formatMinor } from './format.ts';

describe('formatMinor', () => {
  it('shows money in minor units with two decimals and grouping', () => {
    expect(formatMinor('600000', 'THB')).toBe('6,000.00');
    expect(formatMinor(-150050n, 'LAK')).toBe('-1,500.50');
    expect(formatMinor(null, 'THB')).toBe('0.00');
  });

  it('shows a count unit (spin coins) as the whole number it is, never divided by 100', () => {
    expect(formatMinor('13', 'COIN')).toBe('13');
    expect(formatMinor(12_500, 'COIN')).toBe('12,500');
  });
});
