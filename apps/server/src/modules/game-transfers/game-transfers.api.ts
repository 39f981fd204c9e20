// The public face of the game-transfers module: two-phase transfers to_game / from_game, their ledger checks and
// reports, and the provider-call timeout. Its routes, jobs and reconciler are wired by game-transfers.module.ts
// (docs/decisions/0028-module-seams.md).
export { settleGameBalances } from './balance-freshness.ts';
export { withTimeout } from './provider-call.ts';
export { gameTransfersLedgerCheck, pendingTransfersCheck } from './transfer-checks.ts';
export { recentTransfers, type GameTransfer } from './transfer.repository.ts';
export { TransferService } from './transfer.service.ts';
export { inFlightToGame, memberTransfers, memberTransferTotalsByGame, pendingTransfers } from './transfer-reports.ts';
export { dailySettledTransfers } from './transfer-figures.ts';
export { recentTransfersOf } from './recent-transfers-batch.ts';
