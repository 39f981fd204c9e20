// The public face of the wallet module: the wallet view (later its cache and money orchestration).
export { createWalletModule, walletModule } from './wallet.routes.ts';
export { adjustmentApprovals, adjustmentsModule } from './adjustments.routes.ts';
export {
  adjustmentLedgerKey,
  AdjustmentsService,
  countPendingAdjustments,
  type Adjustment,
} from './adjustments.service.ts';
