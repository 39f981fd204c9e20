// The contract's view of an approval request, and the executor factory each owner hands to the queue (ADR 0022).
import type { Approval } from '@wallet/contract/admin/approvals';
import type { AppContext } from '../../context.ts';
import type { ApprovalExecutor, ApprovalRow } from './approvals.service.ts';

/** The contract's view of a request. */
export const approvalView = (a: ApprovalRow): Approval => ({
  id: a.id,
  kind: a.kind as Approval['kind'],
  target: a.target,
  memberId: a.memberId,
  amount: a.amount === null ? null : String(a.amount),
  currency: a.currency,
  payload: (a.payload ?? {}) as Record<string, unknown>,
  role: a.role,
  status: a.status as Approval['status'],
  requestedBy: a.requestedBy,
  requestedAt: a.requestedAt.toISOString(),
  decidedBy: a.decidedBy,
  decidedAt: a.decidedAt?.toISOString() ?? null,
  decisionNote: a.decisionNote,
});

/** An owner's executor for its kind, built from the app's context. */
export type ApprovalExecutorFactory = (ctx: AppContext) => ApprovalExecutor;
