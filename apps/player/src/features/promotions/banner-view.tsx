import type { Banner } from '@wallet/contract/promotions';
import { clsx } from 'clsx';
import { useMemo, useState, type ReactNode } from 'react';

/** Banner HTML is operator text: shown as text (tags dropped, entities decoded), never injected. */
function bannerText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|h\d|li)>/gi, '\n');
  if (typeof DOMParser === 'undefined') return withBreaks.replace(/<[^>]*>/g, '').trim();
  return (new DOMParser().parseFromString(withBreaks, 'text/html').body.textContent ?? '').trim();
}

export type BannerBackgroundProps = {
  banner: Banner | undefined;
  className?: string;
  children?: ReactNode;
};

/** A banner's image as a background (a brand gradient when there is none or it fails to load), content on top. */
export function BannerBackground({ banner, className, children }: BannerBackgroundProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = banner?.image && banner.image !== failed ? banner.image : null;
  return (
    <div
      className={clsx(
        'relative overflow-hidden bg-[linear-gradient(135deg,color-mix(in_oklab,var(--color-primary)_55%,var(--color-surface)),var(--color-bg-raised)_75%)]',
        className,
      )}
    >
      {image && (
        <img
          src={image}
          alt=""
          className="absolute inset-0 size-full object-cover"
          onError={() => setFailed(image)}
          loading="lazy"
        />
      )}
      {children && (
        <>
          <div className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/25 to-transparent" />
          <div className="relative">{children}</div>
        </>
      )}
    </div>
  );
}

/** One banner: its image and its text. */
export function BannerSlide({ banner }: { banner: Banner }) {
  const text = useMemo(() => bannerText(banner.html), [banner.html]);
  return (
    <BannerBackground banner={banner} className="flex min-h-48 items-end rounded-2xl">
      {text && <p className="p-4 text-sm font-semibold whitespace-pre-line text-white">{text}</p>}
    </BannerBackground>
  );
}
