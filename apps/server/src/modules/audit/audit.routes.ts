import type { ModuleFactory } from '../../http/handlers.ts';
import { latestAuditRows } from './audit-verify.ts';

const AUDIT_PAGE = 200;

/** The audit log for operators holding `admin` (rows are written by the modules whose changes they record). */
export const auditModule: ModuleFactory = (ctx) => ({
  name: 'audit',
  handlers: {
    'admin.audit.list': async () => ({
      rows: (await latestAuditRows(ctx.db, AUDIT_PAGE)).map((row) => ({
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
    }),
  },
});
