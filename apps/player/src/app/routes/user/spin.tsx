import { useTranslation } from 'react-i18next';
import { ComingSoonScreen } from '../../../components/coming-soon.tsx';

/** Placeholder until the spin screen lands (SPEC.md §2 /user/spin). */
export function Component() {
  const { t } = useTranslation('common');
  return <ComingSoonScreen route="user/spin" icon="wheel" title={t('comingSoon.spin')} />;
}
