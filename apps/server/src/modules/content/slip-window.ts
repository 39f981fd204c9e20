/** Minutes since midnight in Asia/Bangkok (UTC+7, no DST). */
export function bangkokMinutes(at: Date): number {
  const minutes = at.getUTCHours() * 60 + at.getUTCMinutes() + 7 * 60;
  return minutes % (24 * 60);
}

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
