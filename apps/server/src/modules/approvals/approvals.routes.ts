import type { ModuleFactory } from '../../http/handlers.ts';
import { approvalView, type ApprovalExecutorFactory } from './approval-view.ts';
import { ApprovalsService } from './approvals.service.ts';

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
