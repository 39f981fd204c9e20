import { bangkokMinutes } from '../../lib/bangkok-time.ts';

const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Slip upload closes daily from closeFrom to closeTo (Bangkok time); the window may cross midnight. */
export function isSlipUploadOpen(window: { closeFrom: string; closeTo: string }, at: Date): boolean {
  const now = bangkokMinutes(at);
  const from = toMinutes(window.closeFrom);
  const to = toMinutes(window.closeTo);
  const closed = from <= to ? now >= from && now < to : now >= from || now < to;
  return !closed;
}
