import { MINOR_PER_MAJOR } from '@wallet/contract/limits';

/** API decimal (already validated by MoneySchema: ≤ 2 decimals, bounded) → integer minor units, exactly. */
export function toMinor(amount: number): bigint {
  return BigInt(Math.round(amount * MINOR_PER_MAJOR));
}

/** Integer minor units → the API's decimal number. */
export function toMajor(minor: bigint): number {
  return Number(minor) / MINOR_PER_MAJOR;
}
