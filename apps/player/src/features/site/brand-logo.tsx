import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from './use-site-info.ts';

export type BrandLogoProps = {
  /** logo height: sm 32 px (top bar), lg 72 px (login / status pages) */
  size?: 'sm' | 'lg';
  /** also print the site name beside (sm) or under (lg) the logo */
  hasName?: boolean;
  className?: string;
};

/** The operator's logo and name from GET /api/lookup/info; a monogram until (or unless) the image loads. */
export function BrandLogo({ size = 'sm', hasName = true, className }: BrandLogoProps) {
  const { t } = useTranslation('common');
  const info = useSiteInfo();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = info?.name || t('app.name');
  const logo = info?.logo && info.logo !== failedSrc ? info.logo : null;
  const box = size === 'sm' ? 'size-9 rounded-xl text-base' : 'size-20 rounded-3xl text-3xl';
  return (
    <span className={clsx('inline-flex items-center', size === 'sm' ? 'gap-2.5' : 'flex-col gap-3', className)}>
      {logo ? (
        <img src={logo} alt="" className={clsx(box, 'object-contain')} onError={() => setFailedSrc(logo)} />
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
      {hasName && (
        <span className={clsx('font-bold tracking-tight', size === 'sm' ? 'text-base' : 'text-gold-gradient text-2xl')}>
          {name}
        </span>
      )}
    </span>
  );
}
