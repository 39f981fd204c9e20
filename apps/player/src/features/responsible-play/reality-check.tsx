import type { RealityCheck as Figures } from '@wallet/contract/responsible-play';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { formatMoney } from '@wallet/web-core/format';
import { fetchRealityCheck } from '../../api/responsible-play.ts';
import { useResponsiblePlayStrings } from './rp-strings.ts';

const MINUTE = 60_000;

/** The next reminder after `elapsed` ms of a session, every `minutes` minutes from its start. */
export function nextReminderAfter(elapsed: number, minutes: number): number {
  const every = minutes * MINUTE;
  return (Math.floor(elapsed / every) + 1) * every;
}

type Shown = { figures: Figures; elapsed: number };

/**
 * The reality check (docs/responsible-play.md §6): every N minutes of a signed-in session (N the member's setting),
 * a dialog with the time since sign-in and the session's net result from games, and "keep playing", "take a break"
 * (the responsible-play page) and "sign out". The count comes from the session's start and the time on the server,
 * so a reload keeps it; nothing shows while no interval is set.
 */
export function RealityCheck({ onTakeBreak, onSignOut }: { onTakeBreak: () => void; onSignOut: () => void }) {
  const { t } = useTranslation(['responsiblePlay', 'wallet']);
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
  const minutes = Math.floor(shown.elapsed / MINUTE);
  const time = t('responsiblePlay:realityCheck.duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  const net = shown.figures.net;
  const unit = t(`wallet:unit.${shown.figures.currency}`, { defaultValue: shown.figures.currency });
  const keepPlaying = () => {
    setShown(null);
    setSchedule((n) => n + 1);
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && keepPlaying()}
      title={t('responsiblePlay:realityCheck.title')}
      description={t('responsiblePlay:realityCheck.time', { time })}
      isDismissible={false}
      size="sm"
      footer={
        <div className="flex w-full flex-col gap-2">
          <Button isBlock onClick={keepPlaying} data-testid="reality-keep">
            {t('responsiblePlay:realityCheck.keep')}
          </Button>
          <Button
            isBlock
            variant="secondary"
            onClick={() => {
              setShown(null);
              onTakeBreak();
            }}
            data-testid="reality-break"
          >
            {t('responsiblePlay:realityCheck.break')}
          </Button>
          <Button isBlock variant="ghost" onClick={onSignOut} data-testid="reality-sign-out">
            {t('responsiblePlay:realityCheck.signOut')}
          </Button>
        </div>
      }
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 pb-2 text-sm" data-testid="reality-figures">
        <dt className="text-muted">{t('responsiblePlay:realityCheck.toGames')}</dt>
        <dd className="text-right tabular-nums">{`${formatMoney(shown.figures.toGames)} ${unit}`}</dd>
        <dt className="text-muted">{t('responsiblePlay:realityCheck.fromGames')}</dt>
        <dd className="text-right tabular-nums">{`${formatMoney(shown.figures.fromGames)} ${unit}`}</dd>
        <dt className="font-semibold">{t('responsiblePlay:realityCheck.net')}</dt>
        <dd
          className={`text-right font-bold tabular-nums ${net < 0 ? 'text-danger' : 'text-success'}`}
          data-testid="reality-net"
        >
          {`${net < 0 ? '−' : '+'}${formatMoney(Math.abs(net))} ${unit}`}
        </dd>
      </dl>
    </Modal>
  );
}
