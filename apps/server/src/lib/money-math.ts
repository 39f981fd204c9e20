// Minor units and percentages, in one place (docs/decisions/0028-module-seams.md). Money is integer minor units
// (docs/money-rules.md); a percentage from the settings is a number with at most two decimals, applied as whole
// basis points so the arithmetic stays in bigint. Every division truncates toward zero, as the ledger's callers did.
import { MINOR_PER_MAJOR } from '@wallet/contract/limits';

const MINOR = BigInt(MINOR_PER_MAJOR);

/** API decimal (already validated by MoneySchema: ≤ 2 decimals, bounded) → integer minor units, exactly. */
export function toMinor(amount: number): bigint {
  return BigInt(Math.round(amount * MINOR_PER_MAJOR));
}

/** Integer minor units → the API's decimal number. */
export function toMajor(minor: bigint): number {
  return Number(minor) / MINOR_PER_MAJOR;
}

/** Integer minor units as a decimal string with two places, exactly (no float): 123456n → "1234.56", -5n → "-0.05". */
export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  return `${negative ? '-' : ''}${abs / MINOR}.${String(abs % MINOR).padStart(2, '0')}`;
}

/** A percentage (e.g. 12.5) as whole basis points (1250), the form stored beside a computed amount. */
export function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points back to the percentage the settings and the admin API show (1250 → 12.5). */
export function percentFromBasisPoints(points: number): number {
  return points / 100;
}

/** `percent` % of `amount` (minor units), truncated toward zero: percentOf(10_000n, 12.5) = 1_250n. */
export function percentOf(amount: bigint, percent: number): bigint {
  return (amount * BigInt(basisPoints(percent))) / 10_000n;
}

/** `amount` × `multiple` (a multiplier with at most two decimals, e.g. a turnover ×1.5), truncated toward zero. */
export function timesMultiple(amount: bigint, multiple: number): bigint {
  return (amount * BigInt(Math.round(multiple * 100))) / 100n;
}
