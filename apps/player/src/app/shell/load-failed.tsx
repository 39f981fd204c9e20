import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { Icon } from '@wallet/ui/icon';

/** A screen's data did not load (offline, timeout): say so and offer a retry instead of a blank page. */
export function LoadFailed({ onRetry, isRetrying = false }: { onRetry: () => void; isRetrying?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" data-testid="load-failed">
      <EmptyState
        icon="alert"
        title={t('routeError.title')}
        description={t('routeError.body')}
        action={
          <Button
            variant="secondary"
            isLoading={isRetrying}
            icon={<Icon name="refresh" className="size-4" />}
            onClick={onRetry}
            data-testid="load-failed-retry"
          >
            {t('routeError.retry')}
          </Button>
        }
      />
    </div>
  );
}
