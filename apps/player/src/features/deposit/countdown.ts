import { useEffect, useState } from 'react';

/** Seconds left until `until` (ISO), ticking each second; 0 once passed. */
export function useSecondsLeft(until: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  if (!until) return 0;
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
}

/** 125 → "02:05" (docs/spec.md §4: mm:ss). */
export function formatMmSs(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
