import type { ConditionProgress } from '../../api/promotions.ts';
import { useTranslation } from 'react-i18next';
import { useConditionProgress, useNotice } from '../../api/promotions.ts';
import { useWallet } from '../../api/wallet.ts';
import { ConditionCard } from '../../components/condition-progress.tsx';
import { usePromotionStrings } from '../../components/promotion-strings.ts';
import { noticeFor } from './bonus-state.ts';

type ViewProps = { progress: ConditionProgress; currency: string };

/** The conditions modal's head while a condition runs: the condition and the notice with its %percentFail% (docs/spec.md §3). */
export function RunningCondition() {
  const progress = useConditionProgress();
  const currency = useWallet().data?.wallet.currency ?? 'THB';
  const hasStrings = usePromotionStrings(Boolean(progress.data));
  return progress.data && hasStrings ? <RunningConditionView progress={progress.data} currency={currency} /> : null;
}

function RunningConditionView({ progress, currency }: ViewProps) {
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
