import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { paths } from '../../../config/paths.ts';

/** Placeholder until the bonus screen lands (SPEC.md §2 /user/bonus). */
export function Component() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <main data-route="user/bonus">
      <ComingSoon
        icon="gift"
        title={t('comingSoon.bonus')}
        action={
          <Button
            variant="secondary"
            icon={<Icon name="home" className="size-5" />}
            onClick={() => void navigate(paths.home)}
          >
            {t('actions.backHome')}
          </Button>
        }
      />
    </main>
  );
}
