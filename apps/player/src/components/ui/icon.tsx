import type { SVGProps } from 'react';

/** Line icons (24×24, 1.8 stroke). Add a path here rather than importing an icon library (bundle budget). */
const PATHS = {
  close: 'M6 6l12 12M18 6L6 18',
  home: 'M3 10.5L12 3l9 7.5M5.5 9v11h5v-6h3v6h5V9',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  register: 'M10 12a4 4 0 100-8 4 4 0 000 8zM2.5 21a7.5 7.5 0 0111.5-6.3M19 14v6M16 17h6',
  play: 'M12 21a9 9 0 100-18 9 9 0 000 18zM10 8.5v7l6-3.5-6-3.5z',
  chat: 'M4 5h16v11H9l-5 4V5zM8 10h8M8 13h5',
  statement: 'M7 3h10a2 2 0 012 2v16l-3-2-2 2-2-2-2 2-2-2-3 2V5a2 2 0 012-2zM9 8h6M9 12h6M9 16h3',
  conditions: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3zM8.5 12l2.5 2.5 4.5-5',
  logout: 'M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3M10 17l-5-5 5-5M5 12h11',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  'chevron-left': 'M15 5l-7 7 7 7',
  'chevron-right': 'M9 5l7 7-7 7',
  'chevron-down': 'M5 9l7 7 7-7',
  gift: 'M4 11h16v10H4V11zM3 7h18v4H3V7zM12 7v14M12 7c-1.5-3-5-3.5-5.5-1.5S9 7 12 7zm0 0c1.5-3 5-3.5 5.5-1.5S15 7 12 7z',
  wheel: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6L5.6 18.4',
  lock: 'M6 11h12v10H6V11zM8.5 11V7.5a3.5 3.5 0 017 0V11',
  alert: 'M12 3l10 18H2L12 3zM12 10v5M12 18v.01',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7.5v.01',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  compass: 'M12 21a9 9 0 100-18 9 9 0 000 18zM15.5 8.5l-2 5-5 2 2-5 5-2z',
  'power-off': 'M12 3v8M6.3 6.3a8 8 0 1011.4 0',
  sparkle: 'M12 3l1.9 5.6L19.5 10l-5.6 1.9L12 17.5l-1.9-5.6L4.5 10l5.6-1.4L12 3zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8L19 16z',
  inbox: 'M3 13l3-8h12l3 8v6H3v-6zM3 13h5l1 2h6l1-2h5',
} as const;

export type IconName = keyof typeof PATHS;

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'name'> & {
  name: IconName;
  /** accessible name; without it the icon is decorative (aria-hidden) */
  title?: string;
};

export function Icon({ name, title, className = 'size-6', ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      {...rest}
    >
      {title && <title>{title}</title>}
      <path d={PATHS[name]} />
    </svg>
  );
}
