import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@wallet/ui/icon';

/** The game's own website and app links, when the provider has them. */
export function AppLinks({ web, android, ios }: { web: string | null; android: string | null; ios: string | null }) {
  const { t } = useTranslation('wallet');
  const links = (
    [
      ['web', web, 'globe'],
      ['android', android, 'phone'],
      ['ios', ios, 'phone'],
    ] as Array<[string, string | null, IconName]>
  ).filter((entry): entry is [string, string, IconName] => Boolean(entry[1]));
  if (links.length === 0) return null;
  return (
    <div className="flex flex-wrap justify-center gap-2">
      {links.map(([key, href, icon]) => (
        <a
          key={key}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-xl bg-surface px-3 text-sm font-semibold text-fg ring-1 ring-line ring-inset hover:bg-surface-2"
        >
          <Icon name={icon} className="size-4 text-primary" />
          {t(`account.${key}`)}
        </a>
      ))}
    </div>
  );
}
