import { MINOR_PER_MAJOR } from '@wallet/contract/limits';

type Balances = { wallet: { amount: number }; slots: ReadonlyArray<{ amount: number }> };

const toMinor = (amount: number) => (Number.isFinite(amount) ? Math.round(amount * MINOR_PER_MAJOR) : 0);

/** docs/spec.md §2: total balance = wallet amount + every game account amount, summed in minor units (no float drift). */
export function totalBalance({ wallet, slots }: Balances): number {
  const minor = slots.reduce((sum, slot) => sum + toMinor(slot.amount), toMinor(wallet.amount));
  return minor / MINOR_PER_MAJOR;
}

/** Money held in game accounts (the part of the total that is not in the wallet). */
export function gamesBalance({ slots }: Pick<Balances, 'slots'>): number {
  return slots.reduce((sum, slot) => sum + toMinor(slot.amount), 0) / MINOR_PER_MAJOR;
}
