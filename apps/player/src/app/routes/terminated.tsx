import { api } from '@wallet/contract/client-api.gen';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@wallet/ui/button';
import { paths } from '../../config/paths.ts';
import { AppVersion } from '../../features/site/app-version.tsx';
import { call } from '../../lib/api-client.ts';
import { StatusScreen } from '../shell/status-screen.tsx';

/** Shown when the server answers `gone` (docs/spec.md §2). "Check again" returns to /login once the site is back. */
export function Component() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [isChecking, setIsChecking] = useState(false);
  const handleRetry = async () => {
    setIsChecking(true);
    try {
      await call(api.lookup.active);
      await navigate(paths.login, { replace: true });
    } catch {
      // still gone (or offline): stay here
    } finally {
      setIsChecking(false);
    }
  };
  return (
    <StatusScreen
      testId="terminated"
      icon="power-off"
      title={t('terminated.title')}
      body={t('terminated.body')}
      actions={
        <Button variant="secondary" size="lg" isBlock isLoading={isChecking} onClick={() => void handleRetry()}>
          {t('terminated.retry')}
        </Button>
      }
      footer={<AppVersion />}
    />
  );
}
