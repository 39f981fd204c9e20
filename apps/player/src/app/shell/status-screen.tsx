import type { ReactNode } from 'react';
import { Icon, type IconName } from '@wallet/ui/icon';
import { BrandLogo } from '../../features/site/brand-logo.tsx';
import { LanguageSwitcher } from '../../features/site/language-switcher.tsx';

export type StatusScreenProps = {
  /** big figure above the title ("404"); otherwise `icon` in a glowing badge */
  figure?: string;
  icon?: IconName;
  title: ReactNode;
  body: ReactNode;
  /** buttons */
  actions?: ReactNode;
  footer?: ReactNode;
  testId: string;
};

/** Full-page message outside both shells (404, terminated): brand on top, centred card, language switcher. */
export function StatusScreen({ figure, icon, title, body, actions, footer, testId }: StatusScreenProps) {
  return (
    <main data-testid={testId} className="flex min-h-dvh flex-col pt-safe pb-safe">
      <header className="mx-auto flex h-16 w-full max-w-[480px] items-center justify-between px-4">
        <BrandLogo size="sm" />
        <LanguageSwitcher />
      </header>
      <div className="mx-auto flex w-full max-w-[480px] flex-1 flex-col items-center justify-center px-6 pb-10 text-center">
        {figure ? (
          <p
            aria-hidden
            className="text-gold-gradient text-[7.5rem] leading-none font-bold tracking-tighter tabular-nums drop-shadow-[0_10px_40px_color-mix(in_oklab,var(--color-primary)_35%,transparent)]"
          >
            {figure}
          </p>
        ) : (
          icon && (
            <div className="relative mb-2 flex size-28 items-center justify-center">
              <span
                aria-hidden
                className="absolute inset-0 rounded-full bg-[radial-gradient(circle,color-mix(in_oklab,var(--color-accent)_45%,transparent),transparent_70%)]"
              />
              <span className="relative flex size-20 items-center justify-center rounded-full bg-surface-2 text-primary shadow-card ring-1 ring-primary/30">
                <Icon name={icon} className="size-9" />
              </span>
            </div>
          )
        )}
        <h1 className="mt-5 text-2xl leading-snug font-bold text-balance">{title}</h1>
        <p className="mt-3 max-w-sm text-base text-balance text-muted">{body}</p>
        {actions && <div className="mt-8 flex w-full max-w-xs flex-col gap-3">{actions}</div>}
      </div>
      {footer && <footer className="flex justify-center pb-6">{footer}</footer>}
    </main>
  );
}
