import type { SVGProps } from 'react';
import type { StatementRow } from '@wallet/contract/statement';

/** One line icon per statement type (24×24, 1.8 stroke). */
const PATHS: Record<StatementRow['statementType'], string> = {
  deposit: 'M12 3v11M7.5 9.5L12 14l4.5-4.5M4 15v3a2 2 0 002 2h12a2 2 0 002-2v-3',
  withdraw: 'M12 14V3M7.5 7.5L12 3l4.5 4.5M4 15v3a2 2 0 002 2h12a2 2 0 002-2v-3',
  transfer: 'M4 8h14M14.5 4.5L18 8l-3.5 3.5M20 16H6M9.5 12.5L6 16l3.5 3.5',
  bonus:
    'M4 11h16v10H4V11zM3 7h18v4H3V7zM12 7v14M12 7c-1.5-3-5-3.5-5.5-1.5S9 7 12 7zm0 0c1.5-3 5-3.5 5.5-1.5S15 7 12 7z',
  finish_bonus: 'M5 21V4M5 4h11l-2 4 2 4H5',
};

export function StatementIcon({
  type,
  className = 'size-5',
  ...rest
}: Omit<SVGProps<SVGSVGElement>, 'type'> & { type: StatementRow['statementType'] }) {
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
      <path d={PATHS[type] ?? PATHS.transfer} />
    </svg>
  );
}
