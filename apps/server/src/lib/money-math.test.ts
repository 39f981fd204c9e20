import { describe, expect, it } from 'vitest';
import {
  basisPoints,
  formatMinor,
  percentFromBasisPoints,
  percentOf,
  timesMultiple,
  toMajor,
  toMinor,
} from './money-math.ts';

describe('money math', () => {
  it('converts major and minor units exactly', () => {
    expect(toMinor(1234.56)).toBe(123_456n);
    expect(toMinor(0.1 + 0.2)).toBe(30n);
    expect(toMajor(123_456n)).toBe(1234.56);
    expect(toMinor(-5.05)).toBe(-505n);
  });

  it('formats minor units with two places, without floats', () => {
    expect(formatMinor(123_456n)).toBe('1234.56');
    expect(formatMinor(-5n)).toBe('-0.05');
    expect(formatMinor(0n)).toBe('0.00');
    expect(formatMinor(900_719_925_474_099_312n)).toBe('9007199254740993.12');
  });

  it('applies percentages as whole basis points, truncating toward zero', () => {
    expect(basisPoints(12.5)).toBe(1250);
    expect(basisPoints(0.07)).toBe(7);
    expect(percentFromBasisPoints(1250)).toBe(12.5);
    expect(percentOf(10_000n, 12.5)).toBe(1_250n);
    expect(percentOf(999n, 10)).toBe(99n);
    expect(percentOf(-999n, 10)).toBe(-99n);
    expect(percentOf(100n, 0)).toBe(0n);
  });

  it('multiplies by a two-decimal multiple', () => {
    expect(timesMultiple(1_000n, 1.5)).toBe(1_500n);
    expect(timesMultiple(333n, 2.25)).toBe(749n);
    expect(timesMultiple(1_000n, 0)).toBe(0n);
  });
});
