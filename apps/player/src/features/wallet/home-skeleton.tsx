import { useTranslation } from 'react-i18next';
import { CARD_ART } from './balance-hero.tsx';

const block = 'animate-pulse bg-surface-2 motion-reduce:animate-none';

/** Home's columns: one on a phone; from 1024 px the balance column (26 rem) beside the games. */
export const HOME_COLUMNS =
  'flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start lg:gap-x-8';

/** Home while the wallet loads: the shapes of the balance hero, widgets, referral strip and game cards. */
export function HomeSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-busy="true" className={HOME_COLUMNS} data-testid="home-skeleton">
      <span className="sr-only">{t('status.loading')}</span>
      <div className="flex flex-col gap-4">
        {/* the balance card as the static home shell paints it (apps/player/shells/member.html): art, then shapes */}
        <div className="relative h-[21.75rem] overflow-hidden rounded-[1.75rem] bg-[linear-gradient(150deg,color-mix(in_oklab,var(--color-accent)_70%,#1b1036)_0%,color-mix(in_oklab,var(--color-accent)_35%,var(--color-bg-raised))_45%,var(--color-bg-raised)_100%)] ring-1 ring-white/10">
          <img
            src={CARD_ART}
            alt=""
            width={380}
            height={148}
            fetchPriority="high"
            className="pointer-events-none absolute inset-x-0 top-0 h-[148px] w-full object-cover"
          />
          <span aria-hidden className={`absolute top-5 left-5 h-4 w-40 rounded ${block}`} />
          <span aria-hidden className={`absolute top-[4.75rem] left-5 h-10 w-48 rounded-lg ${block}`} />
          <span aria-hidden className={`absolute right-5 bottom-5 left-5 h-13 rounded-2xl ${block}`} />
        </div>
        <ul aria-hidden className="grid grid-cols-5 gap-1">
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className="flex min-h-[5.75rem] flex-col items-center gap-2 pt-1">
              <span className={`size-14 rounded-2xl ${block}`} />
              <span className={`h-3 w-12 rounded ${block}`} />
            </li>
          ))}
        </ul>
        <div aria-hidden className={`h-16 rounded-2xl ${block}`} />
      </div>
      <GamesSkeleton />
    </div>
  );
}

/** The game sliders' place while their chunk loads (or the wallet does). */
export function GamesSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-4">
      <div className={`h-5 w-32 rounded ${block}`} />
      <ul className="grid grid-cols-3 gap-2.5">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className={`aspect-[4/5] rounded-2xl ${block}`} />
        ))}
      </ul>
    </div>
  );
}
