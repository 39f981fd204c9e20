import { useEffect, type ReactNode } from 'react';
import { useSiteInfo } from '../features/site/use-site-info.ts';

/** Dark text on a light brand colour, white on a dark one (WCAG relative luminance). */
function onColorFor(hex: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return '#1a1306';
  const value = Number.parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.4 ? '#1a1306' : '#ffffff';
}

const isColor = (value: string | undefined): value is string =>
  !!value && (typeof CSS === 'undefined' || CSS.supports('color', value));

/**
 * Applies the operator's branding from GET /api/lookup/info to <html> as CSS variables,
 * so a re-brand needs no rebuild. styles.css holds the default brand.
 */
export function BrandProvider({ children }: { children: ReactNode }) {
  const info = useSiteInfo();
  useEffect(() => {
    if (!info) return;
    const root = document.documentElement;
    if (isColor(info.primaryColor)) {
      root.style.setProperty('--brand-primary', info.primaryColor);
      root.style.setProperty('--brand-on-primary', onColorFor(info.primaryColor));
    }
    if (isColor(info.accentColor)) root.style.setProperty('--brand-accent', info.accentColor);
    if (info.name) document.title = info.name;
  }, [info]);
  return children;
}
