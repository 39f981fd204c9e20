/** Bangkok and Vientiane share the clock (UTC+7): the chat's times read as the player's wall clock. */
const TIME_ZONE = 'Asia/Bangkok';
let parts: Intl.DateTimeFormat | null = null;
const partsOf = (date: Date) => {
  parts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return Object.fromEntries(parts.formatToParts(date).map((p) => [p.type, p.value]));
};

/** A bubble's time: HH:mm on the day it is sent, DD/MM HH:mm before (Gregorian, never the Buddhist year). */
export function bubbleTime(value: string | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const at = partsOf(date);
  const today = partsOf(now);
  const time = `${at.hour}:${at.minute}`;
  if (at.year === today.year && at.month === today.month && at.day === today.day) return time;
  return `${at.day}/${at.month}${at.year === today.year ? '' : `/${at.year}`} ${time}`;
}
