import type { ConditionProgress } from '../api/promotions.ts';
import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';
import { formatMoney } from '@wallet/web-core/format';
import { ConditionCaps } from './condition-caps.tsx';

/** 0-100, whole percent, for the bar and its label. */
const progressPercent = ({ current, target }: Pick<ConditionProgress, 'current' | 'target'>): number =>
  target <= 0 ? 100 : Math.min(100, Math.floor((current / target) * 100));

type ConditionBarProps = { progress: ConditionProgress; unit: string };

/** The bar alone: turnover made / required, or balance / target. */
function ConditionBar({ progress, unit }: ConditionBarProps) {
  const { t } = useTranslation('promotions');
  const percent = progressPercent(progress);
  const money = (amount: number) => `${formatMoney(amount)} ${unit}`;
  return (
    <div data-testid="condition-bar">
      <div className="flex items-baseline justify-between gap-2 text-xs font-semibold">
        <span className="text-muted">{t(`condition.barLabel.${progress.rule}`)}</span>
        <span className="text-primary tabular-nums" data-testid="condition-percent">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t(`condition.barLabel.${progress.rule}`)}
        className="mt-1.5 h-3 overflow-hidden rounded-full bg-surface-2 ring-1 ring-line"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-[color-mix(in_oklab,var(--color-primary)_70%,white)] to-primary transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1.5 text-sm font-bold tabular-nums" data-testid="condition-amounts">
        {money(progress.current)} <span className="font-medium text-muted">/ {money(progress.target)}</span>
      </p>
    </div>
  );
}

export type ConditionCardProps = ConditionBarProps & {
  /** the rule, the bar, what ends it and what it blocks; compact shows the title and the bar only */
  isCompact?: boolean;
};

/**
 * A running promotion condition in plain words (docs/design.md §4, the trade's top complaint "why can't I withdraw my
 * bonus"): what to do, how far along the player is, what ends it (success; the fail threshold) and what it blocks.
 */
export function ConditionCard({ progress, unit, isCompact = false }: ConditionCardProps) {
  const { t } = useTranslation('promotions');
  const money = (amount: number) => `${formatMoney(amount)} ${unit}`;
  const values = {
    base: money(progress.base),
    target: money(progress.target),
    multiple: progress.multiple ?? 0,
    successPercent: progress.successPercent ?? 0,
    percentFail: progress.percentFail,
    failBelow: money(progress.failBelow),
  };
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 ring-1 ring-primary/30"
      data-testid="condition-card"
    >
      <header className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
          <Icon name="hourglass" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold text-muted">{t('condition.running')}</p>
          <p className="truncate font-bold" data-testid="condition-title">
            {t(`condition.source.${progress.source}`, { name: progress.name })}
          </p>
        </div>
      </header>
      {!isCompact && (
        <p className="text-sm" data-testid="condition-rule">
          {t(`condition.rule.${progress.rule}`, values)}
        </p>
      )}
      <ConditionBar progress={progress} unit={unit} />
      {!isCompact && (
        <ul className="flex flex-col gap-2 text-sm">
          <li className="flex gap-2">
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{t('condition.success')}</span>
          </li>
          <li className="flex gap-2" data-testid="condition-fail">
            <Icon name="alert" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>{t('condition.fail', values)}</span>
          </li>
          <ConditionCaps progress={progress} unit={unit} />
          <li className="flex gap-2">
            <Icon name="lock" className="mt-0.5 size-4 shrink-0 text-muted" />
            <span className="text-muted">{t('condition.blocks')}</span>
          </li>
        </ul>
      )}
    </section>
  );
}
