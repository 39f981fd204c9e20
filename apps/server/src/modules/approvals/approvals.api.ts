// The public face of the approvals module: four eyes, one mechanism (docs/decisions/0022-four-eyes-approvals.md).
export { ApprovalsService, type ApprovalExecutor, type ApprovalRow, type Approver } from './approvals.service.ts';
export { approvalView, createApprovalsModule, type ApprovalExecutorFactory } from './approvals.routes.ts';
