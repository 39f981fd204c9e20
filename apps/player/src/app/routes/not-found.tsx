import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { paths } from '../../config/paths.ts';
import { AppVersion } from '../../features/site/app-version.tsx';
import { StatusScreen } from '../shell/status-screen.tsx';

/** Any unknown path (docs/spec.md §2). Home is `/`, which sends members to /user/home and visitors to /login. */
export function Component() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <StatusScreen
      testId="not-found"
      figure="404"
      title={t('notFound.title')}
      body={t('notFound.body')}
      actions={
        <Button
          size="lg"
          isBlock
          icon={<Icon name="home" className="size-5" />}
          onClick={() => void navigate(paths.root)}
        >
          {t('notFound.action')}
        </Button>
      }
      footer={<AppVersion />}
    />
  );
}
