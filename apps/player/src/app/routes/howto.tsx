import { useTranslation } from 'react-i18next';
import { DEFAULT_HOWTO_VIDEOS } from '../../features/site-content/howto-videos.ts';
import { HowtoList } from '../../features/site-content/howto-list.tsx';
import { useSiteInfo } from '../../features/site/use-site-info.ts';

/** /howto: five short clips (wallet, play, balance, bonus, cancel bonus), each opening in a modal. */
export function Component() {
  const { t } = useTranslation('content');
  const info = useSiteInfo();
  const videos = info?.videos.length ? info.videos : DEFAULT_HOWTO_VIDEOS;
  return (
    <main data-route="howto" className="flex flex-col gap-5">
      <header className="flex flex-col gap-1 px-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg">{t('howto.title')}</h1>
        <p className="text-sm text-muted">{t('howto.subtitle')}</p>
      </header>
      <HowtoList videos={videos} />
    </main>
  );
}
