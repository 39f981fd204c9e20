import { EmptyState } from '@wallet/ui/empty-state';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { featuresFor } from '../lib/features.ts';
import { useOperator } from '../lib/operator.ts';

/** /admin: the first page in the menu the operator may open. */
export function HomeRedirect() {
  const { t } = useTranslation('shell');
  const me = useOperator();
  const first = featuresFor(me.roles).find((f) => f.inNav !== false);
  if (first) return <Navigate to={`/${first.path}`} replace />;
  return <EmptyState title={t('home.title', { name: me.username })} description={t('home.noPages')} />;
}
