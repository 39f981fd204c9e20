import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

export type CardProps = ComponentProps<'section'> & {
  /** heading row: title on the left, `action` on the right */
  title?: ReactNode;
  action?: ReactNode;
  /** 'raised' = default surface, 'highlight' = brand gradient border for the hero card, 'flat' = no shadow */
  tone?: 'raised' | 'highlight' | 'flat';
  /** inner padding: none for lists that pad their rows */
  padding?: 'none' | 'sm' | 'md';
};

const PADDING = { none: '', sm: 'p-3', md: 'p-5' } as const;

export function Card({ title, action, tone = 'raised', padding = 'md', className, children, ...rest }: CardProps) {
  return (
    <section
      className={clsx(
        'relative rounded-[var(--radius-card)] text-fg',
        tone === 'raised' && 'bg-gradient-to-b from-surface to-bg-raised shadow-card ring-1 ring-line',
        tone === 'flat' && 'bg-surface ring-1 ring-line',
        tone === 'highlight' &&
          'bg-[linear-gradient(145deg,color-mix(in_oklab,var(--color-accent)_35%,var(--color-surface)),var(--color-bg-raised)_65%)] shadow-card ring-1 ring-primary/35',
        PADDING[padding],
        className,
      )}
      {...rest}
    >
      {(title || action) && (
        <header className={clsx('mb-3 flex items-center justify-between gap-3', padding === 'none' && 'px-5 pt-5')}>
          {title && <h2 className="text-base font-bold">{title}</h2>}
          {action}
        </header>
      )}
      {children}
    </section>
  );
}
