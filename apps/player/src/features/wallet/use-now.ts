import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs`, so relative times ("3 minutes ago") stay true. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
