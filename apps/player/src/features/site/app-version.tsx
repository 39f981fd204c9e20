import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '../../config/build-flags.ts';

/** "Version 1.1.14" (docs/spec.md §1), for the contact pages and the shell. */
export function AppVersion({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <p data-testid="app-version" className={clsx('text-xs text-subtle tabular-nums', className)}>
      {t('version', { version: APP_VERSION })}
    </p>
  );
}
