import { describe, expect, it } from 'vitest';
import {
  bangkokDate,
  bangkokDayStart,
  bangkokMinutes,
  bangkokWeekStart,
  describeSchedule,
  formatBangkok,
  nextSlot,
  slotAt,
} from './bangkok-time.ts';

const utc = (iso: string) => new Date(iso);

describe('bangkok-time', () => {
  it('starts the Bangkok day at 17:00 UTC of the previous UTC day', () => {
    expect(bangkokDayStart(utc('2026-11-23T16:59:59Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(bangkokDayStart(utc('2026-11-23T17:00:00Z')).toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(bangkokDate(utc('2026-11-23T17:00:00Z'))).toBe('2026-11-24');
  });

  it('starts the week on Monday 00:00 Bangkok', () => {
    // 2026-11-23 is a Monday; Sunday 23:59 Bangkok still belongs to the previous week
    expect(bangkokWeekStart(utc('2026-11-23T03:00:00Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(bangkokWeekStart(utc('2026-11-22T16:59:00Z')).toISOString()).toBe('2026-11-15T17:00:00.000Z');
    expect(bangkokWeekStart(utc('2026-11-29T16:59:00Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });

  it('gives minutes since Bangkok midnight and a wall-clock key', () => {
    expect(bangkokMinutes(utc('2026-11-23T17:05:00Z'))).toBe(5);
    expect(bangkokMinutes(utc('2026-11-23T16:30:00Z'))).toBe(23 * 60 + 30);
    expect(formatBangkok(utc('2026-11-23T17:05:09Z'))).toBe('2026-11-24T00:05:09+07:00');
  });

  it('finds the latest slot of each schedule kind', () => {
    const at = utc('2026-11-23T17:04:59Z'); // 00:04:59 Bangkok, Tuesday 24th
    expect(slotAt({ everySeconds: 10 }, at).key).toBe('2026-11-24T00:04:50+07:00');
    expect(slotAt({ everyMinutes: 1 }, at).key).toBe('2026-11-24T00:04:00+07:00');
    expect(slotAt({ everyMinutes: 15 }, at).key).toBe('2026-11-24T00:00:00+07:00');
    expect(slotAt({ dailyAt: '00:05' }, at).key).toBe('2026-11-23T00:05:00+07:00');
    expect(slotAt({ dailyAt: '00:05' }, utc('2026-11-23T17:05:00Z')).key).toBe('2026-11-24T00:05:00+07:00');
    expect(slotAt({ weeklyAt: '00:05', weekday: 1 }, at).key).toBe('2026-11-23T00:05:00+07:00');
    expect(slotAt({ dailyAt: '00:05' }, at).at.toISOString()).toBe('2026-11-22T17:05:00.000Z');
  });

  it('steps to the next slot', () => {
    const at = utc('2026-11-23T17:04:59Z');
    expect(nextSlot({ dailyAt: '00:05' }, at).key).toBe('2026-11-24T00:05:00+07:00');
    expect(nextSlot({ everyMinutes: 1 }, at).key).toBe('2026-11-24T00:05:00+07:00');
  });

  it('refuses schedules that do not tile the hour or day', () => {
    expect(() => slotAt({ everySeconds: 7 }, new Date())).toThrow(/divisor/);
    expect(() => slotAt({ dailyAt: '24:00' }, new Date())).toThrow(/HH:mm/);
    expect(describeSchedule({ everyMinutes: 1 })).toBe('every minute');
    expect(describeSchedule({ dailyAt: '00:05' })).toBe('daily 00:05');
  });
});
