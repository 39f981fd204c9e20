import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { approvals } from '../../db/schema/approvals.ts';

/** Four-eyes requests waiting for a second operator (the dashboard's and the navigation's count). */
export async function countPendingApprovals(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(approvals).where(eq(approvals.status, 'pending'));
  return Number(row?.n ?? 0);
}
