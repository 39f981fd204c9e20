import { clsx } from 'clsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteInfoQuery } from './use-site-info.ts';

/** The bundled default brand mark, shown when the site info cannot be read (e.g. a terminated site). */
const DEFAULT_LOGO = '/brand/logo.svg';

export type BrandLogoProps = {
  /** logo height: sm 32 px (top bar), lg 72 px (login / status pages) */
  size?: 'sm' | 'lg';
  /** also print the site name beside (sm) or under (lg) the logo */
  hasName?: boolean;
  className?: string;
};

/** The operator's logo and name from GET /api/lookup/info; a placeholder while loading, a monogram if no image loads. */
export function BrandLogo({ size = 'sm', hasName = true, className }: BrandLogoProps) {
  const { t } = useTranslation('common');
  const { data: info, isPending } = useQuery(siteInfoQuery());
  const [failedSrcs, setFailedSrcs] = useState<string[]>([]);
  const name = info?.name || t('app.name');
  const candidate = isPending ? null : info?.logo || DEFAULT_LOGO;
  const logo = candidate && !failedSrcs.includes(candidate) ? candidate : null;
  const box = size === 'sm' ? 'size-9 shrink-0 rounded-xl text-base' : 'size-20 rounded-3xl text-3xl';
  return (
    <span className={clsx('inline-flex items-center', size === 'sm' ? 'min-w-0 gap-2.5' : 'flex-col gap-3', className)}>
      {isPending ? (
        <span aria-hidden className={clsx(box, 'animate-pulse bg-surface-2')} />
      ) : logo ? (
        <img
          src={logo}
          alt=""
          className={clsx(box, 'object-contain')}
          onError={() => setFailedSrcs((list) => [...list, logo])}
        />
      ) : (
        <span
          aria-hidden
          className={clsx(
            box,
            'flex items-center justify-center bg-gradient-to-br from-primary to-accent font-bold text-on-primary shadow-glow',
          )}
        >
          {name.slice(0, 1)}
        </span>
      )}
      {/* the large name's line is 32 px (text-2xl): its placeholder keeps that height, so the name arriving moves nothing */}
      {hasName && isPending && (
        <span
          aria-hidden
          className={clsx('animate-pulse rounded-md bg-surface-2', size === 'sm' ? 'h-4 w-24' : 'my-1 h-6 w-36')}
        />
      )}
      {hasName && !isPending && (
        <span
          className={clsx(
            'font-bold tracking-tight',
            // the top bar's name stays on one line: cut with an ellipsis when short of room, and below 360 px (where
            // the bar's actions leave it no room) only the logo shows, the name left to screen readers
            size === 'sm'
              ? 'min-w-0 truncate text-base whitespace-nowrap max-[359px]:sr-only'
              : 'text-gold-gradient text-2xl',
          )}
          data-testid={size === 'sm' ? 'brand-name' : undefined}
        >
          {name}
        </span>
      )}
    </span>
  );
}
