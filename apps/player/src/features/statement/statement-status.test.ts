import { describe, expect, it } from 'vitest';
import { pageRange } from '@wallet/ui/page-range';
import { direction, isVoid, statusTone, totalPages } from './statement-status.ts';

describe('statusTone (docs/spec.md §4)', () => {
  it('maps SUCCESS and FAILED, everything else is in progress', () => {
    expect(statusTone('SUCCESS')).toBe('success');
    expect(statusTone('FAILED')).toBe('failed');
    expect(statusTone('CANCELLED')).toBe('cancelled');
    for (const status of ['PENDING', 'WAITING', 'PROCESSING', '']) expect(statusTone(status)).toBe('pending');
  });
});

describe('direction', () => {
  it('is in for money into the wallet and out for money leaving it', () => {
    expect(direction({ statementType: 'transfer', from: 'pg', to: 'WALLET', amount: 1 })).toBe('in');
    expect(direction({ statementType: 'transfer', from: 'WALLET', to: 'pg', amount: 1 })).toBe('out');
    expect(direction({ statementType: 'deposit', from: 'KBANK', to: 'WALLET', amount: 1 })).toBe('in');
    expect(direction({ statementType: 'withdraw', from: 'WALLET', to: 'KBANK', amount: 1 })).toBe('out');
  });
  it('falls back to the type when neither side is the wallet', () => {
    expect(direction({ statementType: 'bonus', from: '', to: '', amount: 1 })).toBe('in');
    expect(direction({ statementType: 'withdraw', from: '', to: '', amount: 1 })).toBe('out');
    expect(direction({ statementType: 'finish_bonus', from: '', to: '', amount: 1 })).toBe('neutral');
    // a condition that ended moves no money: no "+0.00"
    expect(direction({ statementType: 'finish_bonus', from: 'BONUS', to: 'WALLET', amount: 0 })).toBe('neutral');
  });
});

describe('statement pagination (10 per page, 3 before and 1 after)', () => {
  it('counts pages', () => {
    expect(totalPages(0, 10)).toBe(0);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });
  it('shows up to 3 pages before and 1 after the current page', () => {
    expect(pageRange(1, totalPages(95, 10))).toEqual([1, 2]);
    expect(pageRange(6, totalPages(95, 10))).toEqual([3, 4, 5, 6, 7]);
    expect(pageRange(10, totalPages(95, 10))).toEqual([7, 8, 9, 10]);
    expect(pageRange(2, 2)).toEqual([1, 2]);
  });
});

describe('isVoid', () => {
  it('a failed move or a cancelled withdrawal is void; a bonus taken back at a cancel moved money', () => {
    expect(isVoid({ status: 'FAILED', amount: 55.5 })).toBe(true);
    expect(isVoid({ status: 'CANCELLED', amount: 300 })).toBe(true);
    expect(isVoid({ status: 'CANCELLED', amount: 150, finish: { outcome: 'forfeited' } })).toBe(false);
    expect(isVoid({ status: 'SUCCESS', amount: 10 })).toBe(false);
    expect(isVoid({ status: 'FAILED', amount: 0 })).toBe(false);
  });
  it('REVIEW is its own tone (a deposit waiting for an operator)', () => {
    expect(statusTone('REVIEW')).toBe('review');
  });
});
