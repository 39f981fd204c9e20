import type { Approval } from '@wallet/contract/admin/approvals';
import type { AppContext } from '../../context.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { ApprovalsService, type ApprovalExecutor, type ApprovalRow } from './approvals.service.ts';

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

/**
 * The pending-approvals queue (`/api/admin/approvals*`, ADR 0022). The owners' executors are passed in by the
 * module list (bootstrap), so this module never imports the modules whose actions it runs.
 */
export const createApprovalsModule =
  (executors: readonly ApprovalExecutorFactory[]): ModuleFactory =>
  (ctx) => {
    const service = new ApprovalsService({
      db: ctx.db,
      clock: ctx.clock,
      settings: ctx.settings,
      executors: executors.map((make) => make(ctx)),
    });
    return {
      name: 'approvals',
      handlers: {
        'admin.approvals.list': async ({ query }) => {
          const page = await service.list(query);
          return { rows: page.rows.map(approvalView), total: page.total, page: query.page, pageSize: query.pageSize };
        },
        'admin.approvals.approve': async ({ operator, params, request }) => ({
          approval: approvalView(await service.approve(operator, params.id, { ip: request.ip })),
        }),
        'admin.approvals.reject': async ({ operator, params, body, request }) => ({
          approval: approvalView(await service.reject(operator, params.id, body.note, { ip: request.ip })),
        }),
      },
    };
  };
