import type { ModuleFactory } from '../../http/handlers.ts';
import type { ApprovalExecutorFactory } from '../approvals/approvals.api.ts';
import { LedgerService } from '../ledger/ledger.api.ts';
import { AdjustmentsService, type Adjustment } from './adjustments.service.ts';

const view = (a: Adjustment) => ({
  id: a.id,
  memberId: a.memberId,
  amount: String(a.amount),
  currency: a.currency,
  reason: a.reason,
  status: a.status as 'pending' | 'posted' | 'rejected',
  requestedBy: a.requestedBy,
  requestedAt: a.requestedAt.toISOString(),
  decidedBy: a.decidedBy,
  decidedAt: a.decidedAt?.toISOString() ?? null,
  decisionNote: a.decisionNote,
  ledgerTransactionId: a.ledgerTransactionId,
});

const adjustmentsFor = (ctx: Parameters<ModuleFactory>[0]) =>
  new AdjustmentsService({
    db: ctx.db,
    clock: ctx.clock,
    settings: ctx.settings,
    // the member's wallet.changed push follows from ledger.posted (the wallet module's outbox subscriber)
    ledger: new LedgerService(ctx.db),
  });

/** What approving or rejecting an adjustment in the approvals queue does (ADR 0022). */
export const adjustmentApprovals: ApprovalExecutorFactory = (ctx) => adjustmentsFor(ctx).executor();

/** Balance adjustments by operators (`/api/admin/adjustments/*`, role finance; 4 eyes above the setting). */
export const adjustmentsModule: ModuleFactory = (ctx) => {
  const adjustments = adjustmentsFor(ctx);
  return {
    name: 'adjustments',
    handlers: {
      'admin.adjustments.create': async ({ operator, params, body, request }) => ({
        adjustment: view(
          await adjustments.request(
            operator,
            { memberId: params.id, amount: BigInt(body.amount), reason: body.reason },
            { ip: request.ip },
          ),
        ),
      }),
      'admin.adjustments.list': async ({ query }) => {
        const page = await adjustments.list(query);
        return { rows: page.rows.map(view), total: page.total, page: query.page, pageSize: query.pageSize };
      },
      'admin.adjustments.approve': async ({ operator, params, request }) => ({
        adjustment: view(await adjustments.approve(operator, params.id, { ip: request.ip })),
      }),
      'admin.adjustments.reject': async ({ operator, params, body, request }) => ({
        adjustment: view(await adjustments.reject(operator, params.id, body.reason, { ip: request.ip })),
      }),
    },
  };
};
