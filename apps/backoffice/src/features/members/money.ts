import { MINOR_PER_MAJOR } from '@wallet/contract/limits';

/** The admin API speaks minor units as strings; the console shows major units. */
export const major = (minor: string | null | undefined): number => Number(minor ?? 0) / MINOR_PER_MAJOR;

/** An amount an operator typed (`1,500.50`, `-20`) → signed minor units as a string, or null when it is not one. */
export function toMinorString(text: string): string | null {
  const clean = text.replace(/[,\s]/g, '');
  const match = /^(-?)(\d{1,8})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const minor = BigInt(whole!) * BigInt(MINOR_PER_MAJOR) + BigInt(fraction.padEnd(2, '0'));
  if (minor === 0n) return null;
  return `${sign}${minor}`;
}
