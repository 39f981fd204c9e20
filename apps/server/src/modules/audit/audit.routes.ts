import type { ModuleFactory } from '../../http/handlers.ts';
import { auditPage, verifyAuditChain } from './audit-verify.ts';

/** The audit log for operators holding `admin` (rows are written by the modules whose changes they record). */
export const auditModule: ModuleFactory = (ctx) => ({
  name: 'audit',
  handlers: {
    'admin.audit.list': async ({ query }) => {
      const { rows, total } = await auditPage(ctx.db, query);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          operatorId: row.operatorId,
          operator: row.operator,
          action: row.action,
          target: row.target,
          before: row.before,
          after: row.after,
          ip: row.ip,
          hash: row.hash,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
    'admin.audit.verify': async () => {
      const { rows, problems } = await verifyAuditChain(ctx.db);
      return { rows, problems, ok: problems.length === 0, checkedAt: ctx.clock.now().toISOString() };
    },
  },
});
