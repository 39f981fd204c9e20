import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon="compass"
      title={t('states.notFoundTitle')}
      action={
        <Link to="/">
          <Button variant="secondary" size="sm">
            {t('actions.ok')}
          </Button>
        </Link>
      }
    />
  );
}
