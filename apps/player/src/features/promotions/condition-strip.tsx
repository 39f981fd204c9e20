import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { promotionQueries } from '../../api/promotions.ts';
import { ConditionCard } from '../../components/condition-progress.tsx';
import { usePromotionStrings } from '../../components/promotion-strings.ts';
import { paths } from '../../config/paths.ts';

type Progress = NonNullable<ReturnType<typeof useProgress>['data']>;
const useProgress = () => useQuery({ ...promotionQueries.progress(), retry: false });

function StripView({ progress, unit }: { progress: Progress; unit: string }) {
  const { t } = useTranslation('promotions');
  return (
    <Link to={paths.bonus} className="relative block" data-testid="home-condition">
      <ConditionCard progress={progress} unit={unit} isCompact />
      <span className="absolute right-4 bottom-4 text-xs font-semibold text-primary">{t('condition.details')} ›</span>
    </Link>
  );
}

/**
 * Home's view of a running condition (docs/design.md §4): its title and progress bar, a tap away from the details on the
 * bonus screen. Nothing shows (and no strings load) while no condition runs or the progress cannot be read.
 */
export function ConditionStrip({ unit }: { unit: string }) {
  const progress = useProgress();
  const hasStrings = usePromotionStrings(Boolean(progress.data));
  return progress.data && hasStrings ? <StripView progress={progress.data} unit={unit} /> : null;
}
