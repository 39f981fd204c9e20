import type { ApprovalExecutorFactory } from '../approvals/approvals.api.ts';
import { LedgerService } from '../ledger/ledger.api.ts';
import { DepositReviewService } from './review.service.ts';

/** What approving a manual notice's confirmation in the approvals queue does (ADR 0022): credit it once. */
export const manualDepositApprovals: ApprovalExecutorFactory = (ctx) =>
  new DepositReviewService({
    db: ctx.db,
    ledger: new LedgerService(ctx.db),
    clock: ctx.clock,
    settings: ctx.settings,
  }).manualExecutor();
