import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '@wallet/ui/icon';

type BottomNavItem = {
  key: string;
  label: string;
  icon: IconName;
  /** a route; otherwise `onClick` (e.g. the conditions modal) */
  to?: string;
  onClick?: () => void;
  /** the large raised centre button */
  isFeatured?: boolean;
  /** a count on the icon (the contact tab's unread support messages; styles.css draws it); none at 0 */
  badge?: number | undefined;
};

export type BottomNavProps = { label: string; items: BottomNavItem[] };

/* Regular items and the featured one share the label row: 6 px + 32 px icon pill + 2 px gap above it. */
const ITEM =
  'group flex min-h-14 min-w-0 flex-1 flex-col items-center justify-end gap-0.5 px-1 pt-1.5 pb-1 text-[11px] leading-[1.45] font-semibold transition lg:min-h-[4.5rem] lg:justify-center lg:rounded-2xl lg:hover:bg-white/5';

function FeaturedItem({ item }: { item: BottomNavItem & { to: string } }) {
  return (
    <NavLink
      to={item.to}
      className="flex min-w-0 flex-1 flex-col items-center gap-0.5 pb-1 lg:py-2"
      aria-label={item.label}
    >
      {({ isActive }) => (
        <>
          <span
            className={clsx(
              '-mt-[26px] flex size-16 shrink-0 lg:mt-0 lg:size-14 items-center justify-center rounded-full bg-gradient-to-b from-[color-mix(in_oklab,var(--color-primary)_75%,white)] to-primary text-on-primary shadow-glow ring-[5px] ring-bg transition active:scale-95',
              isActive && 'brightness-110',
            )}
          >
            <Icon name={item.icon} className="size-7" strokeWidth={2.1} />
          </span>
          <span
            className={clsx(
              'line-clamp-2 max-w-full text-center text-[11px] leading-[1.45] font-semibold',
              isActive ? 'text-primary' : 'text-muted',
            )}
          >
            {item.label}
          </span>
        </>
      )}
    </NavLink>
  );
}

/**
 * The fixed bottom menu of both shells; 56 px rows, safe-area aware. From 1024 px it is a rail on the left under the
 * top bar (home first), so a desktop screen gets a desktop navigation rather than a phone tab bar.
 */
export function BottomNav({ label, items }: BottomNavProps) {
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line/80 bg-bg-raised/[0.97] pb-safe shadow-[0_-12px_32px_-16px_rgb(0_0_0/0.8)] lg:top-16 lg:right-auto lg:w-24 lg:border-t-0 lg:border-r lg:pb-0 lg:shadow-none"
    >
      <ul className="mx-auto flex max-w-[480px] items-end px-1 lg:flex-col lg:items-stretch lg:gap-1 lg:px-2 lg:pt-4">
        {items.map((item) => (
          <li key={item.key} className={clsx('flex min-w-0 flex-1 lg:flex-none', item.isFeatured && 'lg:order-first')}>
            {item.isFeatured && item.to ? (
              <FeaturedItem item={{ ...item, to: item.to }} />
            ) : item.to ? (
              <NavLink
                to={item.to}
                className={({ isActive }) => clsx(ITEM, isActive ? 'text-primary' : 'text-muted hover:text-fg')}
              >
                {({ isActive }) => (
                  <>
                    <span
                      data-badge={item.badge || undefined}
                      className={clsx(
                        'relative flex h-8 w-12 items-center justify-center rounded-full transition',
                        isActive && 'bg-primary/15',
                      )}
                    >
                      <Icon name={item.icon} className="size-[22px]" />
                    </span>
                    <span className="line-clamp-2 max-w-full text-center">{item.label}</span>
                  </>
                )}
              </NavLink>
            ) : (
              <button type="button" onClick={item.onClick} className={clsx(ITEM, 'text-muted hover:text-fg')}>
                <span className="flex h-8 w-12 items-center justify-center rounded-full">
                  <Icon name={item.icon} className="size-[22px]" />
                </span>
                <span className="line-clamp-2 max-w-full text-center">{item.label}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
