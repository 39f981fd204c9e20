import { Icon, type IconName } from '@wallet/ui/icon';
import type { SVGProps } from 'react';

/** Console-only line icons (24×24, 1.8 stroke, like packages/ui's), kept here so the player's bundle stays small. */
const ADMIN_PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3.5a4 4 0 010 7.5M18 14.5a7 7 0 014 6.5',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z',
  list: 'M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01',
  jobs: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2M4 4l3 3M20 4l-3 3',
  monitor: 'M3 5h18v11H3V5zM8 20h8M12 16v4',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  download: 'M12 4v11M7 10l5 5 5-5M4 20h16',
  bell: 'M6 9a6 6 0 1112 0c0 6 2.5 8 2.5 8h-17S6 15 6 9zM10 20.5a2 2 0 004 0',
  'bell-off': 'M6 9a6 6 0 1112 0c0 6 2.5 8 2.5 8h-17S6 15 6 9zM10 20.5a2 2 0 004 0M3 3l18 18',
} as const;

export type AdminIconName = IconName | keyof typeof ADMIN_PATHS;

type Props = Omit<SVGProps<SVGSVGElement>, 'name'> & { name: AdminIconName; title?: string };

/** A packages/ui icon, or one of the console's own. */
export function AdminIcon({ name, title, className = 'size-6', ...rest }: Props) {
  if (!(name in ADMIN_PATHS)) return <Icon name={name as IconName} title={title} className={className} {...rest} />;
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
      <path d={ADMIN_PATHS[name as keyof typeof ADMIN_PATHS]} />
    </svg>
  );
}
