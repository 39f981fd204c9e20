import type { SVGProps } from 'react';

/** Wallet line icons (24×24, 1.8 stroke), in the style of components/ui/icon.tsx, which lacks these. */
const PATHS = {
  deposit: 'M12 3v11M7.5 9.5L12 14l4.5-4.5M4 15v3a2 2 0 002 2h12a2 2 0 002-2v-3',
  withdraw: 'M12 14V3M7.5 7.5L12 3l4.5 4.5M4 15v3a2 2 0 002 2h12a2 2 0 002-2v-3',
  transfer: 'M4 8h14M14.5 4.5L18 8l-3.5 3.5M20 16H6M9.5 12.5L6 16l3.5 3.5',
  collect: 'M20 12a8 8 0 11-2.3-5.7M20 4v4.5h-4.5M12 8.5v7M9 12.5l3 3 3-3',
  wheel: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 15a3 3 0 100-6 3 3 0 000 6zM12 3v6M12 15v6M3 12h6M15 12h6',
  invite: 'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20a6.5 6.5 0 0113 0M18 8v6M15 11h6',
  bonus:
    'M4 11h16v10H4V11zM3 7h18v4H3V7zM12 7v14M12 7c-1.5-3-5-3.5-5.5-1.5S9 7 12 7zm0 0c1.5-3 5-3.5 5.5-1.5S15 7 12 7z',
  refund:
    'M4 12a8 8 0 108-8c-2.4 0-4.6 1-6 2.8M4 4v4h4M12 7.5v9M14.5 9.5c-.4-.9-1.4-1.4-2.5-1.4-1.4 0-2.5.8-2.5 1.9 0 2.6 5 1.3 5 3.9 0 1.1-1.1 1.9-2.5 1.9-1.2 0-2.2-.6-2.6-1.5',
  refresh: 'M20 12a8 8 0 11-2.3-5.7M20 4v4.5h-4.5',
  coin: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 17a5 5 0 100-10 5 5 0 000 10zM12 9.5v5',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  swap: 'M8 4v16M4.5 7.5L8 4l3.5 3.5M16 20V4M12.5 16.5L16 20l3.5-3.5',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  hourglass: 'M6 3h12M6 21h12M7 3c0 4.5 5 6 5 9s-5 4.5-5 9M17 3c0 4.5-5 6-5 9s5 4.5 5 9',
  referral: 'M9 7a3 3 0 100-6 3 3 0 000 6zM3.5 15a5.5 5.5 0 0111 0M17 21a4 4 0 100-8 4 4 0 000 8zM17 15.5v3M15.5 17h3',
  wallet: 'M3 7a2 2 0 012-2h13v4M3 7v11a2 2 0 002 2h15v-5M3 7l0 0M21 9h-5a3 3 0 000 6h5V9z',
  sparkle: 'M12 3l1.9 5.6L19.5 10l-5.6 1.9L12 17.5l-1.9-5.6L4.5 10l5.6-1.4L12 3z',
} as const;

export type WalletIconName = keyof typeof PATHS;

export function WalletIcon({
  name,
  className = 'size-6',
  ...rest
}: Omit<SVGProps<SVGSVGElement>, 'name'> & { name: WalletIconName }) {
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
