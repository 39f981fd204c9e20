import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { fetchRealityCheck } from '../../api/responsible-play.ts';
import { useResponsiblePlayStrings } from './rp-strings.ts';
import type { Shown } from './reality-check-dialog.tsx';

// the dialog (and the dialog library) loads when a reminder is due, not with every member page
const RealityCheckDialog = lazy(() =>
  import('./reality-check-dialog.tsx').then((m) => ({ default: m.RealityCheckDialog })),
);

const MINUTE = 60_000;

/** The next reminder after `elapsed` ms of a session, every `minutes` minutes from its start. */
export function nextReminderAfter(elapsed: number, minutes: number): number {
  const every = minutes * MINUTE;
  return (Math.floor(elapsed / every) + 1) * every;
}

/**
 * The reality check (docs/responsible-play.md §6): every N minutes of a signed-in session (N the member's setting),
 * a dialog with the time since sign-in and the session's net result from games, and "keep playing", "take a break"
 * (the responsible-play page) and "sign out". The count comes from the session's start and the time on the server,
 * so a reload keeps it; nothing shows while no interval is set.
 */
export function RealityCheck({ onTakeBreak, onSignOut }: { onTakeBreak: () => void; onSignOut: () => void }) {
  const hasStrings = useResponsiblePlayStrings();
  const [shown, setShown] = useState<Shown | null>(null);
  // the server's clock minus ours, from the latest answer
  const skew = useRef(0);
  const [schedule, setSchedule] = useState(0);
  // the round whose reminder is set: a hidden marker says so, for a test that moves the page's clock on
  const [plannedRound, setPlannedRound] = useState<number | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isCurrent = true;
    const read = async () => {
      const figures = await fetchRealityCheck();
      skew.current = Date.parse(figures.now) - Date.now();
      return figures;
    };
    void read().then(
      (figures) => {
        if (!isCurrent || figures.minutes === null) return;
        const elapsed = Date.now() + skew.current - Date.parse(figures.startedAt);
        const wait = nextReminderAfter(elapsed, figures.minutes) - elapsed;
        timer = setTimeout(() => {
          // the figures as they are at the reminder, not as they were when it was planned; the time played counts
          // on from the planning answer's server time
          const elapsed = Date.now() + skew.current - Date.parse(figures.startedAt);
          void fetchRealityCheck().then(
            (fresh) => {
              if (!isCurrent || fresh.minutes === null) return;
              setShown({ figures: fresh, elapsed });
            },
            () => undefined,
          );
        }, wait);
        setPlannedRound(schedule);
      },
      // no figures (offline, signed out meanwhile): no reminder this time
      () => undefined,
    );
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [schedule]);

  if (!shown || !hasStrings)
    return plannedRound === schedule ? (
      <span hidden data-testid="reality-check-planned" data-round={plannedRound} />
    ) : null;
  const keepPlaying = () => {
    setShown(null);
    setSchedule((n) => n + 1);
  };
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog
        shown={shown}
        onKeepPlaying={keepPlaying}
        onTakeBreak={() => {
          setShown(null);
          onTakeBreak();
        }}
        onSignOut={onSignOut}
      />
    </Suspense>
  );
}
