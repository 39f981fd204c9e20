import type { ConditionProgress } from '../../api/promotions.ts';
import { useTranslation } from 'react-i18next';
import { ConditionCard } from '../../components/condition-progress.tsx';
import { CancelBonus } from '../../components/cancel-bonus.tsx';

export type ActiveBonusPanelProps = {
  /** GET /api/bonus/check/active `type` */
  type: string | null;
  progress: ConditionProgress | null | undefined;
  unit: string;
};

/** docs/spec.md §2: the active bonus with its type and a cancel button; docs/design.md §4: its condition's progress. */
export function ActiveBonusPanel({ type, progress, unit }: ActiveBonusPanelProps) {
  const { t } = useTranslation('promotions');
  const typeLabel = t(`bonus.type.${type ?? 'none'}`, { defaultValue: type ?? '' });
  return (
    <section className="flex flex-col gap-3" data-testid="active-bonus">
      <div className="flex items-center justify-between gap-2 rounded-2xl bg-primary/10 px-4 py-3 ring-1 ring-primary/30">
        <span className="text-sm font-semibold">{t('bonus.activeTitle')}</span>
        <span
          className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-bold text-on-primary"
          data-testid="active-bonus-type"
        >
          {typeLabel}
        </span>
      </div>
      {progress && <ConditionCard progress={progress} unit={unit} />}
      <CancelBonus progress={progress} unit={unit} />
    </section>
  );
}
