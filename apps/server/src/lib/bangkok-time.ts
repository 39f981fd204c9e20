/**
 * Asia/Bangkok wall-clock time (UTC+7 all year: Thailand has no DST; Laos keeps the same zone). Every day and week
 * boundary, daily limit and schedule slot in the server comes from here, never from the process TZ.
 */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Wall-clock fields in Bangkok. `weekday`: 1 = Monday … 7 = Sunday (ISO). */
type BangkokParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

const local = (at: Date): number => at.getTime() + BANGKOK_OFFSET_MS;

function bangkokParts(at: Date): BangkokParts {
  const d = new Date(local(at));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: ((d.getUTCDay() + 6) % 7) + 1,
  };
}

/** Midnight in Bangkok at or before `at`. */
export function bangkokDayStart(at: Date): Date {
  const t = local(at);
  return new Date(t - (((t % DAY_MS) + DAY_MS) % DAY_MS) - BANGKOK_OFFSET_MS);
}

/** Monday 00:00 in Bangkok at or before `at`. */
export function bangkokWeekStart(at: Date): Date {
  const day = bangkokDayStart(at);
  return new Date(day.getTime() - (bangkokParts(at).weekday - 1) * DAY_MS);
}

/** Minutes since midnight in Bangkok (0 … 1439). */
export function bangkokMinutes(at: Date): number {
  const { hour, minute } = bangkokParts(at);
  return hour * 60 + minute;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `2026-11-23` (the Bangkok calendar date). */
export function bangkokDate(at: Date): string {
  const p = bangkokParts(at);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** `2026-11-23T00:05:00+07:00`: the instant in Bangkok wall-clock, a stable key for logs and slots. */
export function formatBangkok(at: Date): string {
  const p = bangkokParts(at);
  return `${bangkokDate(at)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}+07:00`;
}

/** `HH:mm` → minutes since midnight; throws on anything else (schedules are code, not input). */
function parseHhmm(hhmm: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new Error(`bangkok-time: "${hhmm}" is not HH:mm`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * A recurring wall-clock schedule:
 *  - `{ everySeconds: 10 }`: slots at every multiple of 10 s (must divide 3600);
 *  - `{ everyMinutes: 15 }`: slots at :00, :15, :30, :45 Bangkok (must divide 1440);
 *  - `{ dailyAt: '00:05' }`: one slot a day at 00:05 Bangkok;
 *  - `{ weeklyAt: '00:05', weekday: 1 }`: one slot a week (1 = Monday).
 */
export type Schedule =
  { everySeconds: number } | { everyMinutes: number } | { dailyAt: string } | { weeklyAt: string; weekday: number };

/** A slot: the instant it starts and its wall-clock key (`2026-11-23T00:05:00+07:00`). */
export type Slot = { at: Date; key: string };

function assertDivides(step: number, whole: number, what: string): void {
  if (!Number.isInteger(step) || step <= 0 || whole % step !== 0) {
    throw new Error(`bangkok-time: ${what} must be a positive divisor of ${whole}, got ${step}`);
  }
}

/** The latest slot of `schedule` that starts at or before `at`. */
export function slotAt(schedule: Schedule, at: Date): Slot {
  let start: number;
  if ('everySeconds' in schedule) {
    assertDivides(schedule.everySeconds, 3600, 'everySeconds');
    const step = schedule.everySeconds * 1000;
    start = at.getTime() - (((at.getTime() % step) + step) % step);
  } else if ('everyMinutes' in schedule) {
    assertDivides(schedule.everyMinutes, 1440, 'everyMinutes');
    const day = bangkokDayStart(at).getTime();
    const step = schedule.everyMinutes * MINUTE_MS;
    start = day + Math.floor((at.getTime() - day) / step) * step;
  } else if ('dailyAt' in schedule) {
    const today = bangkokDayStart(at).getTime() + parseHhmm(schedule.dailyAt) * MINUTE_MS;
    start = today <= at.getTime() ? today : today - DAY_MS;
  } else {
    if (!Number.isInteger(schedule.weekday) || schedule.weekday < 1 || schedule.weekday > 7) {
      throw new Error(`bangkok-time: weekday must be 1 (Monday) … 7 (Sunday), got ${schedule.weekday}`);
    }
    const thisWeek =
      bangkokWeekStart(at).getTime() + (schedule.weekday - 1) * DAY_MS + parseHhmm(schedule.weeklyAt) * MINUTE_MS;
    start = thisWeek <= at.getTime() ? thisWeek : thisWeek - 7 * DAY_MS;
  }
  const slot = new Date(start);
  return { at: slot, key: formatBangkok(slot) };
}

/** The first slot of `schedule` strictly after `at`. */
export function nextSlot(schedule: Schedule, at: Date): Slot {
  const current = slotAt(schedule, at).at.getTime();
  const period =
    'everySeconds' in schedule
      ? schedule.everySeconds * 1000
      : 'everyMinutes' in schedule
        ? schedule.everyMinutes * MINUTE_MS
        : 'dailyAt' in schedule
          ? DAY_MS
          : 7 * DAY_MS;
  return slotAt(schedule, new Date(current + period));
}

/** Human form for logs and the run history: `every 10 s`, `daily 00:05`. */
export function describeSchedule(schedule: Schedule): string {
  if ('everySeconds' in schedule) return `every ${schedule.everySeconds} s`;
  if ('everyMinutes' in schedule)
    return schedule.everyMinutes === 1 ? 'every minute' : `every ${schedule.everyMinutes} min`;
  if ('dailyAt' in schedule) return `daily ${schedule.dailyAt}`;
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return `weekly ${days[schedule.weekday - 1] ?? '?'} ${schedule.weeklyAt}`;
}
