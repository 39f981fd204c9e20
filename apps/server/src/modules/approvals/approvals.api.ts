// The public face of the approvals module: four eyes, one mechanism (docs/decisions/0022-four-eyes-approvals.md).
// The queue's routes are wired by approvals.module.ts (docs/decisions/0028-module-seams.md).
export { ApprovalsService, type ApprovalExecutor, type ApprovalRow, type Approver } from './approvals.service.ts';
export { approvalView, type ApprovalExecutorFactory } from './approval-view.ts';
export { countPendingApprovals } from './approval-counts.ts';
