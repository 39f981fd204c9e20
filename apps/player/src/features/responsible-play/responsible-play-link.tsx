import { Card } from '@wallet/ui/card';
import { Icon } from '@wallet/ui/icon';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useResponsiblePlayStrings } from './rp-strings.ts';

/** The profile's way to the responsible-play page (docs/responsible-play.md §1). */
export function ResponsiblePlayLink() {
  const { t } = useTranslation('responsiblePlay');
  const hasStrings = useResponsiblePlayStrings();
  if (!hasStrings) return null;
  return (
    <Card padding="none">
      <Link
        to={paths.responsiblePlay}
        className="flex min-h-14 items-center gap-3 px-4 py-3"
        data-testid="profile-responsible-play"
      >
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{t('link.title')}</span>
          <span className="block text-sm text-muted">{t('link.body')}</span>
        </span>
        <Icon name="chevron-right" />
      </Link>
    </Card>
  );
}
