import { useTranslation } from 'react-i18next';

const block = 'animate-pulse bg-surface-2 motion-reduce:animate-none';

/** Home while the wallet loads: the shapes of the balance hero, widgets, referral strip and game cards. */
export function HomeSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-4" data-testid="home-skeleton">
      <span className="sr-only">{t('status.loading')}</span>
      <div className={`h-[12.5rem] rounded-[1.75rem] ${block}`} />
      <ul aria-hidden className="grid grid-cols-5 gap-1">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="flex min-h-[5.75rem] flex-col items-center gap-2 pt-1">
            <span className={`size-14 rounded-2xl ${block}`} />
            <span className={`h-3 w-12 rounded ${block}`} />
          </li>
        ))}
      </ul>
      <div aria-hidden className={`h-16 rounded-2xl ${block}`} />
      <div aria-hidden className={`h-5 w-32 rounded ${block}`} />
      <ul aria-hidden className="grid grid-cols-3 gap-2.5">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className={`aspect-[4/5] rounded-2xl ${block}`} />
        ))}
      </ul>
    </div>
  );
}
