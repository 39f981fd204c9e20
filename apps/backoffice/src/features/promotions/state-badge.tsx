import { useTranslation } from 'react-i18next';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import type { PromotionState } from './promotion-draft.ts';

const TONES: Record<PromotionState, BadgeTone> = {
  live: 'success',
  scheduled: 'info',
  ended: 'neutral',
  off: 'warning',
};

/** Live, scheduled, ended or switched off. */
export function StateBadge({ state }: { state: PromotionState }) {
  const { t } = useTranslation('promotions');
  return <StatusBadge tone={TONES[state]}>{t(`state.${state}`)}</StatusBadge>;
}
