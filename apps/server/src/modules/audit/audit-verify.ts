import { and, asc, desc, eq, gt, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditChainHead, auditLog } from '../../db/schema/audit.ts';
import { AUDIT_GENESIS, auditHash } from './audit-log.ts';

const PAGE = 1000;

export type AuditVerification = { rows: number; problems: string[] };

/**
 * Walk the audit chain from the first row: ids must be consecutive, each row must link to its predecessor's hash
 * and hash to its own content, and the chain head must name the last row. Reports every row that fails.
 */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  const problems: string[] = [];
  let expectedId = 1;
  let prevHash = AUDIT_GENESIS;
  let rows = 0;
  for (;;) {
    const page = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, expectedId - 1))
      .orderBy(asc(auditLog.id))
      .limit(PAGE);
    for (const row of page) {
      rows++;
      if (row.id !== expectedId) {
        const gap = row.id - 1 === expectedId ? `row ${expectedId}` : `rows ${expectedId}–${row.id - 1}`;
        problems.push(`${gap} missing (deleted) before row ${row.id}`);
      } else if (row.prevHash !== prevHash) {
        problems.push(
          `row ${row.id}: link to row ${row.id - 1} broken (row ${row.id - 1} edited, or row ${row.id} edited)`,
        );
      }
      if (auditHash(row) !== row.hash) problems.push(`row ${row.id}: content does not match its hash (edited)`);
      prevHash = row.hash;
      expectedId = row.id + 1;
    }
    if (page.length < PAGE) break;
  }
  const [head] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  const lastId = expectedId - 1;
  if (head && (head.lastId !== lastId || head.lastHash !== prevHash)) {
    problems.push(
      head.lastId > lastId
        ? `row ${lastId + 1}${head.lastId > lastId + 1 ? `–${head.lastId}` : ''} missing (deleted): the chain head names row ${head.lastId}`
        : `row ${head.lastId}: does not match the chain head (edited)`,
    );
  }
  if (!head && rows > 0) problems.push('the chain head row is missing');
  return { rows, problems };
}

export type AuditQuery = {
  page: number;
  pageSize: number;
  /** instants: from inclusive, to exclusive */
  from?: string | undefined;
  to?: string | undefined;
  operator?: string | undefined;
  /** an action or the prefix of one (`operator` → `operator.create`, `operator.totp.reset`) */
  action?: string | undefined;
  /** a whitelisted key of the contract (AUDIT_SORTS); newest first by default */
  sort?: 'at' | 'operator' | 'action' | 'target';
  dir?: 'asc' | 'desc';
};

const AUDIT_SORT_COLUMNS = { operator: auditLog.operator, action: auditLog.action, target: auditLog.target } as const;
/** ORDER BY for the audit list: the chosen column, then the log's own order (id), so pages are stable. */
function auditOrder(query: AuditQuery) {
  const by = query.dir === 'asc' ? asc : desc;
  const sort = query.sort ?? 'at';
  return sort === 'at' ? [by(auditLog.id)] : [by(AUDIT_SORT_COLUMNS[sort]), by(auditLog.id)];
}

/** One page of the audit log, newest first unless sorted, and the number of matching rows (the admin list). */
export async function auditPage(db: Db, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lt(auditLog.at, new Date(query.to)));
  if (query.operator) conditions.push(eq(auditLog.operator, query.operator.toLowerCase()));
  if (query.action) {
    // the action pattern allows [a-z0-9._-] only, so `%` and `_` are the only LIKE specials to escape
    const escaped = query.action.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(like(auditLog.action, `${escaped}%`));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...auditOrder(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The newest rows about one target (`member:100001`), for the member page. */
export async function auditRowsFor(db: Db, target: string, limit: number) {
  return db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.id)).limit(limit);
}
