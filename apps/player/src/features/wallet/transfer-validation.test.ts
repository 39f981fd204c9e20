import { describe, expect, it } from 'vitest';
import {
  clampQuickAmount,
  parseAmount,
  sanitizeAmountInput,
  transferableOf,
  validateTransfer,
} from './transfer-validation.ts';

describe('validateTransfer (docs/spec.md §5)', () => {
  it('needs both a source and a target', () => {
    expect(validateTransfer({ from: '', to: 'pg', amount: '100' })).toEqual({ field: 'from', issue: 'chooseBoth' });
    expect(validateTransfer({ from: 'WALLET', to: '', amount: '100' })).toEqual({ field: 'to', issue: 'chooseBoth' });
    expect(validateTransfer({ from: '', to: '', amount: '' })).toEqual({ field: 'from', issue: 'chooseBoth' });
  });
  it('refuses the same source and target', () => {
    expect(validateTransfer({ from: 'pg', to: 'pg', amount: '100' })).toEqual({ field: 'to', issue: 'sameAccount' });
  });
  it('needs at least 1 baht', () => {
    for (const amount of ['', '0', '0.99', 'abc', '-5']) {
      expect(validateTransfer({ from: 'WALLET', to: 'pg', amount })).toEqual({ field: 'amount', issue: 'minAmount' });
    }
  });
  it('accepts a valid transfer', () => {
    expect(validateTransfer({ from: 'WALLET', to: 'pg', amount: '1' })).toBeNull();
    expect(validateTransfer({ from: 'pg', to: 'WALLET', amount: '1,000.50' })).toBeNull();
  });
  it('refuses a third decimal by name instead of cutting it (the server answers AMOUNT_DECIMALS)', () => {
    expect(validateTransfer({ from: 'WALLET', to: 'pg', amount: '10.125' })).toEqual({
      field: 'amount',
      issue: 'decimals',
    });
    expect(validateTransfer({ from: 'WALLET', to: 'pg', amount: '10.12' })).toBeNull();
  });
  it('refuses more than the balance the form shows, inline before sending', () => {
    const values = { from: 'WALLET', to: 'pg', amount: '250.01' };
    expect(validateTransfer(values, 250)).toEqual({ field: 'amount', issue: 'overBalance' });
    expect(validateTransfer({ ...values, amount: '250' }, 250)).toBeNull();
    expect(validateTransfer({ ...values, amount: '250' }, 250.009)).toBeNull();
    expect(validateTransfer({ ...values, amount: '1' }, 0.5)).toEqual({ field: 'amount', issue: 'overBalance' });
    // an unknown balance is left to the server
    expect(validateTransfer({ ...values, amount: '99999' })).toBeNull();
  });
  it('clamps quick amounts to the source balance', () => {
    expect(clampQuickAmount(500, 320.456)).toBe(320.45);
    expect(clampQuickAmount(100, 320)).toBe(100);
    expect(clampQuickAmount(100, undefined)).toBe(100);
    expect(transferableOf(-3)).toBe(0);
  });
  it('gives each rule its own issue', () => {
    const issues = new Set([
      validateTransfer({ from: '', to: 'pg', amount: '5' })?.issue,
      validateTransfer({ from: 'pg', to: 'pg', amount: '5' })?.issue,
      validateTransfer({ from: 'WALLET', to: 'pg', amount: '0' })?.issue,
    ]);
    expect(issues.size).toBe(3);
  });
});

describe('amount input', () => {
  it('parses digits with up to 2 decimals', () => {
    expect(parseAmount('100')).toBe(100);
    expect(parseAmount('1,250.5')).toBe(1250.5);
    expect(parseAmount('1.999')).toBeNaN();
  });
  it('keeps typing to digits and one decimal point, without cutting decimals', () => {
    expect(sanitizeAmountInput('12a3.456')).toBe('123.456');
    expect(sanitizeAmountInput('1.2.3')).toBe('1.23');
    expect(sanitizeAmountInput('')).toBe('');
  });
});
