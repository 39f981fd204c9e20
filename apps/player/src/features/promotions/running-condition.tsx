import type { ConditionProgress } from '@wallet/contract/promotions';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../../api/promotions.ts';
import { ConditionCard } from '../../components/condition-progress.tsx';
import { noticeFor } from './bonus-state.ts';

export type RunningConditionProps = { progress: ConditionProgress; currency: string };

/** The conditions modal's head while a condition runs: the condition and the notice with its %percentFail% (SPEC.md §3). */
export function RunningCondition({ progress, currency }: RunningConditionProps) {
  const { t } = useTranslation('promotions');
  const notice = useNotice();
  const unit = t(`unit.${currency}`, { defaultValue: currency });
  return (
    <div className="mb-3 flex flex-col gap-3" data-testid="conditions-running">
      <ConditionCard progress={progress} unit={unit} />
      {notice.data?.text && (
        <p className="rounded-xl bg-warning/10 p-3 text-sm text-warning" data-testid="conditions-notice">
          {noticeFor(notice.data.text, progress.percentFail)}
        </p>
      )}
    </div>
  );
}
