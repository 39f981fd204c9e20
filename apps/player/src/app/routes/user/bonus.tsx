import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '../../../components/coming-soon.tsx';

/** Placeholder until the bonus screen lands (SPEC.md §2 /user/bonus). */
export function Component() {
  const { t } = useTranslation('common');
  return <ComingSoonScreen route="user/bonus" icon="gift" title={t('comingSoon.bonus')} />;
}
