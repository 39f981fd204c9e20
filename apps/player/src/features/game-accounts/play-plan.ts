import { WALLET_CODE } from '@wallet/contract/limits';
import type { TransferRequest } from '@wallet/contract/wallet';

/**
 * docs/spec.md §5 transfer-and-play: with a wallet balance above 0 the whole wallet amount moves to the game first;
 * at 0 or less the game opens without a transfer (null).
 */
export function planPlayTransfer(walletAmount: number, gameCode: string): TransferRequest | null {
  if (!Number.isFinite(walletAmount) || walletAmount <= 0) return null;
  return { from: WALLET_CODE, to: gameCode, amount: Math.round(walletAmount * 100) / 100 };
}
