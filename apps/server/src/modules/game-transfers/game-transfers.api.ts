// The public face of the game-transfers module: two-phase transfers to_game / from_game, settlement, reconciler,
// the ledger checks and the provider-call helpers.
export { createGameTransfersModule, gameTransfersModule } from './game-transfers.routes.ts';
export { settleGameBalances } from './balance-freshness.ts';
export { callWithSameId, isInsufficient, withTimeout, type CallResult } from './provider-call.ts';
export { RECONCILE_INTERVAL_MS, reconcilePending, type ReconcileOptions, type ReconcileReport } from './reconciler.ts';
export { gameTransfersLedgerCheck, pendingTransfersCheck } from './transfer-checks.ts';
export {
  newTransferId,
  openFromGame,
  openToGame,
  resolveTransfer,
  type OpenTransferInput,
  type Resolution,
} from './transfer-settlement.ts';
export {
  recentTransfers,
  type GameTransfer,
  type GameTransferDirection,
  type TransferStatusValue,
} from './transfer.repository.ts';
export { TransferService, type TransferAllReply, type TransferReply } from './transfer.service.ts';
export { inFlightToGame, memberTransfers, pendingTransfers } from './transfer-reports.ts';
