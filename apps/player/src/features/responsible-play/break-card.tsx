import type { ResponsiblePlay, StartBreak } from '@wallet/contract/responsible-play';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { ChipGroup } from '@wallet/ui/chip-group';
import { formatDateTime } from '@wallet/web-core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** the choices offered (the contract allows any whole number within BREAK_BOUNDS) */
const COOLING_OFF_DAYS = [1, 7, 14, 30, 42] as const;
const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60] as const;
type Choice = `c${number}` | `s${number}`;
const requestOf = (choice: Choice): StartBreak =>
  choice.startsWith('c')
    ? { kind: 'cooling_off', days: Number(choice.slice(1)) }
    : { kind: 'self_exclusion', months: Number(choice.slice(1)) };

type BreakCardProps = {
  running: ResponsiblePlay['break'];
  isSaving: boolean;
  onStart: (request: StartBreak) => void;
};

/** A cooling-off or self-exclusion: the running one with its end, and a two-step start (it cannot be undone). */
export function BreakCard({ running, isSaving, onStart }: BreakCardProps) {
  const { t } = useTranslation('responsiblePlay');
  const [choice, setChoice] = useState<Choice | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const handleConfirm = () => {
    if (!choice) return;
    onStart(requestOf(choice));
    setIsConfirming(false);
    setChoice(null);
  };

  return (
    <Card title={t('break.title')} data-testid="rp-break">
      <div className="flex flex-col gap-3">
        {running && (
          <div className="rounded-xl bg-warning/10 p-3 text-sm ring-1 ring-warning/40" data-testid="rp-break-running">
            <p className="font-semibold">
              {t(`break.running.${running.kind}`, { until: formatDateTime(running.until) })}
            </p>
            <p className="text-muted">{t('break.runningNote')}</p>
          </div>
        )}
        <p className="text-sm leading-relaxed text-muted">{running ? t('break.extend') : t('break.intro')}</p>
        <ChipGroup<Choice>
          label={t('break.coolingOff')}
          chips={COOLING_OFF_DAYS.map((days) => ({
            value: `c${days}` as Choice,
            label: t('break.days', { count: days }),
            testId: `rp-cooling-${days}`,
          }))}
          selected={choice ?? undefined}
          onSelect={(value) => {
            setChoice(value);
            setIsConfirming(false);
          }}
          // five to a row leaves a 320 px phone 43 px chips ("6 months" spilled out): three a row there
          className="max-[359px]:grid-cols-3"
        />
        <ChipGroup<Choice>
          label={t('break.selfExclusion')}
          chips={SELF_EXCLUSION_MONTHS.map((months) => ({
            value: `s${months}` as Choice,
            label: t('break.months', { count: months }),
            testId: `rp-exclusion-${months}`,
          }))}
          selected={choice ?? undefined}
          onSelect={(value) => {
            setChoice(value);
            setIsConfirming(false);
          }}
          // five to a row leaves a 320 px phone 43 px chips ("6 months" spilled out): three a row there
          className="max-[359px]:grid-cols-3"
        />
        {!isConfirming ? (
          <Button
            variant="secondary"
            isBlock
            disabled={!choice || isSaving}
            onClick={() => setIsConfirming(true)}
            data-testid="rp-break-start"
          >
            {t('break.start')}
          </Button>
        ) : (
          <div className="flex flex-col gap-2">
            <Button
              variant="danger"
              isBlock
              isLoading={isSaving}
              onClick={handleConfirm}
              data-testid="rp-break-confirm"
            >
              {t('break.confirm')}
            </Button>
            <Button variant="ghost" isBlock onClick={() => setIsConfirming(false)}>
              {t('break.cancel')}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
