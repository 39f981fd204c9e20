import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { reloadOnceForChunk } from '../../lib/chunk-reload.ts';
import { StatusScreen } from './status-screen.tsx';

/**
 * `errorElement` of every top-level route: a translated full-page error with retry instead of React Router's
 * developer page. A lazy chunk that failed to load reloads the page once first (see `reloadOnceForChunk`).
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  // decided once per error: either this render schedules the one reload, or the screen shows
  const [isReloading] = useState(() => reloadOnceForChunk(error));
  if (isReloading) return null;
  return (
    <StatusScreen
      testId="route-error"
      icon="alert"
      title={t('routeError.title')}
      body={t('routeError.body')}
      actions={
        <Button
          size="lg"
          isBlock
          icon={<Icon name="refresh" className="size-5" />}
          onClick={() => window.location.reload()}
        >
          {t('routeError.retry')}
        </Button>
      }
    />
  );
}
