import type { SVGProps } from 'react';

/** Game-account line icons (24×24, 1.8 stroke), in the style of components/ui/icon.tsx, which lacks these. */
const PATHS = {
  copy: 'M9 9h10v12H9V9zM5 15H4a1 1 0 01-1-1V4a1 1 0 011-1h10a1 1 0 011 1v1',
  key: 'M14.5 9.5a4.5 4.5 0 10-3.6 4.4L13 16h2v2h2v2h4v-3.5l-6.1-6.1c.4-.5.6-1.2.6-1.9zM8.5 8.5v.01',
  play: 'M7 4.5v15l12.5-7.5L7 4.5z',
  plus: 'M12 5v14M5 12h14',
  refresh: 'M20 12a8 8 0 11-2.3-5.7M20 4v4.5h-4.5',
  slot: 'M4 5h16v14H4V5zM9 5v14M15 5v14M6.5 12h.01M12 12h.01M17.5 12h.01',
  sport:
    'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7.5l3.8 2.8-1.5 4.4H9.7l-1.5-4.4L12 7.5zM12 3v4.5M20.5 9.5l-4.7.8M17.6 19l-3.3-4.3M6.4 19l3.3-4.3M3.5 9.5l4.7.8',
  lotto: 'M4 7a2 2 0 012-2h12a2 2 0 012 2v2a3 3 0 000 6v2a2 2 0 01-2 2H6a2 2 0 01-2-2v-2a3 3 0 000-6V7zM14 5v14',
  globe:
    'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  phone: 'M8 3h8a1 1 0 011 1v16a1 1 0 01-1 1H8a1 1 0 01-1-1V4a1 1 0 011-1zM11 18h2',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7.5v.01',
} as const;

export type GameIconName = keyof typeof PATHS;

export function GameIcon({
  name,
  className = 'size-6',
  ...rest
}: Omit<SVGProps<SVGSVGElement>, 'name'> & { name: GameIconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      className={className}
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
