import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { Spinner } from '@wallet/ui/spinner';
import { ApiError } from '@wallet/web-core/api-client';
import { errorMessage } from '@wallet/web-core/present-error';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A block that is loading (a table, a card, a page). */
export function LoadingState({ label, className = 'py-16' }: { label?: string; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" className={`flex flex-col items-center justify-center gap-3 text-muted ${className}`}>
      <Spinner size="lg" />
      <span className="text-sm">{label ?? t('states.loading')}</span>
    </div>
  );
}

/** A block whose data failed to load: the translated error and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const code = error instanceof ApiError ? error.code : 'INTERNAL_SERVER_ERROR';
  if (error instanceof ApiError && error.status === 403) return <ForbiddenState />;
  return (
    <div role="alert">
      <EmptyState
        icon="alert"
        title={t('states.errorTitle')}
        description={`${errorMessage(error)} (${code})`}
        action={
          onRetry && (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              {t('actions.retry')}
            </Button>
          )
        }
      />
    </div>
  );
}

/** Nothing to list: `title` defaults to "Nothing to show". */
export function EmptyRows({
  title,
  description,
  action,
}: {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return <EmptyState title={title ?? t('table.empty')} description={description} action={action} />;
}

/** The signed-in operator's roles do not open this page. */
export function ForbiddenState() {
  const { t } = useTranslation('common');
  return <EmptyState icon="lock" title={t('states.forbiddenTitle')} description={t('states.forbiddenBody')} />;
}
