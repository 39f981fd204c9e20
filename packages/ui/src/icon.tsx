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
  globe:
    'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
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
  sparkle:
    'M12 3l1.9 5.6L19.5 10l-5.6 1.9L12 17.5l-1.9-5.6L4.5 10l5.6-1.4L12 3zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8L19 16z',
  inbox: 'M3 13l3-8h12l3 8v6H3v-6zM3 13h5l1 2h6l1-2h5',
  deposit: 'M12 3v11M7.5 9.5L12 14l4.5-4.5M4 15v3a2 2 0 002 2h12a2 2 0 002-2v-3',
  withdraw: 'M12 14V3M7.5 7.5L12 3l4.5 4.5M4 15v3a2 2 0 002 2h12a2 2 0 002-2v-3',
  transfer: 'M4 8h14M14.5 4.5L18 8l-3.5 3.5M20 16H6M9.5 12.5L6 16l3.5 3.5',
  collect: 'M20 12a8 8 0 11-2.3-5.7M20 4v4.5h-4.5M12 8.5v7M9 12.5l3 3 3-3',
  'spin-wheel': 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 15a3 3 0 100-6 3 3 0 000 6zM12 3v6M12 15v6M3 12h6M15 12h6',
  invite: 'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20a6.5 6.5 0 0113 0M18 8v6M15 11h6',
  bonus:
    'M4 11h16v10H4V11zM3 7h18v4H3V7zM12 7v14M12 7c-1.5-3-5-3.5-5.5-1.5S9 7 12 7zm0 0c1.5-3 5-3.5 5.5-1.5S15 7 12 7z',
  refund:
    'M4 12a8 8 0 108-8c-2.4 0-4.6 1-6 2.8M4 4v4h4M12 7.5v9M14.5 9.5c-.4-.9-1.4-1.4-2.5-1.4-1.4 0-2.5.8-2.5 1.9 0 2.6 5 1.3 5 3.9 0 1.1-1.1 1.9-2.5 1.9-1.2 0-2.2-.6-2.6-1.5',
  refresh: 'M20 12a8 8 0 11-2.3-5.7M20 4v4.5h-4.5',
  coin: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 17a5 5 0 100-10 5 5 0 000 10zM12 9.5v5',
  swap: 'M8 4v16M4.5 7.5L8 4l3.5 3.5M16 20V4M12.5 16.5L16 20l3.5-3.5',
  hourglass: 'M6 3h12M6 21h12M7 3c0 4.5 5 6 5 9s-5 4.5-5 9M17 3c0 4.5-5 6-5 9s5 4.5 5 9',
  referral: 'M9 7a3 3 0 100-6 3 3 0 000 6zM3.5 15a5.5 5.5 0 0111 0M17 21a4 4 0 100-8 4 4 0 000 8zM17 15.5v3M15.5 17h3',
  wallet: 'M3 7a2 2 0 012-2h13v4M3 7v11a2 2 0 002 2h15v-5M3 7l0 0M21 9h-5a3 3 0 000 6h5V9z',
  copy: 'M9 9h10v12H9V9zM5 15H4a1 1 0 01-1-1V4a1 1 0 011-1h10a1 1 0 011 1v1',
  key: 'M14.5 9.5a4.5 4.5 0 10-3.6 4.4L13 16h2v2h2v2h4v-3.5l-6.1-6.1c.4-.5.6-1.2.6-1.9zM8.5 8.5v.01',
  'play-solid': 'M7 4.5v15l12.5-7.5L7 4.5z',
  plus: 'M12 5v14M5 12h14',
  slot: 'M4 5h16v14H4V5zM9 5v14M15 5v14M6.5 12h.01M12 12h.01M17.5 12h.01',
  sport:
    'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7.5l3.8 2.8-1.5 4.4H9.7l-1.5-4.4L12 7.5zM12 3v4.5M20.5 9.5l-4.7.8M17.6 19l-3.3-4.3M6.4 19l3.3-4.3M3.5 9.5l4.7.8',
  lotto: 'M4 7a2 2 0 012-2h12a2 2 0 012 2v2a3 3 0 000 6v2a2 2 0 01-2 2H6a2 2 0 01-2-2v-2a3 3 0 000-6V7zM14 5v14',
  phone: 'M8 3h8a1 1 0 011 1v16a1 1 0 01-1 1H8a1 1 0 01-1-1V4a1 1 0 011-1zM11 18h2',
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
