// The public face of the wallet module: the wallet view and operator adjustments. Its routes and the adjustment
// executor of the approvals queue are wired by wallet.module.ts (docs/decisions/0028-module-seams.md).
export { countPendingAdjustments } from './adjustments.service.ts';
