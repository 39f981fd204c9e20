import type { ReactNode } from 'react';
import { BrandLogo } from '../../features/site/brand-logo.tsx';

/** The sticky top bar of both shells: brand on the left, actions on the right. */
export function TopBar({ actions }: { actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-line/60 bg-bg/95 pt-safe">
      <div className="mx-auto flex h-16 max-w-[480px] items-center justify-between gap-3 px-4 md:max-w-[600px] lg:max-w-none lg:px-6">
        <BrandLogo size="sm" className="min-w-0" />
        <div className="flex shrink-0 items-center gap-2">{actions}</div>
      </div>
    </header>
  );
}
