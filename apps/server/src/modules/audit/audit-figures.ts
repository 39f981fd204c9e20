import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withRows } from '../../db/raw.ts';

/**
 * Operator activity in [from, to) from the audit log (the reports page, docs/decisions/0034-member-360-and-exports.md):
 * per operator, every audited action and the approvals among them (actions ending in `.approve` or `.confirm`).
 * Changes made by the system (no operator id) are left out.
 */
export async function operatorActivity(
  db: Db,
  from: Date,
  to: Date,
): Promise<Array<{ operator: string; actions: number; approvals: number }>> {
  const result = withRows<{ operator: string; actions: number; approvals: number }>(
    await db.execute(sql`
    select operator, count(*)::int as actions,
           count(*) filter (where action like '%.approve' or action like '%.confirm')::int as approvals
    from audit_log
    where operator_id is not null and at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz
    group by operator order by operator`),
  );
  return result.rows.map((r) => ({ operator: r.operator, actions: Number(r.actions), approvals: Number(r.approvals) }));
}
