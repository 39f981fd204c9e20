import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditChainHead, auditLog } from '../../db/schema/audit.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';

/** The prevHash of the first row. */
export const AUDIT_GENESIS = '0'.repeat(64);

/** Who made a change: an operator, or the system (demo seed) with a null id. */
export type AuditActor = { id: number | null; username: string };

export type AuditEntry = {
  actor: AuditActor;
  /** dotted verb, e.g. `operator.create` */
  action: string;
  /** what changed, e.g. `operator:3` */
  target: string;
  before: unknown;
  after: unknown;
  ip: string | null;
};

/** The fields a row's hash covers, as stored (timestamps at millisecond precision). */
export type AuditContent = {
  id: number;
  at: Date;
  operatorId: number | null;
  operator: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  prevHash: string;
};

/** sha256 over the previous row's hash and this row's canonical content. */
export function auditHash(row: AuditContent): string {
  const content = canonicalJson({
    id: row.id,
    at: row.at.toISOString(),
    operatorId: row.operatorId,
    operator: row.operator,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
  });
  return createHash('sha256').update(`${row.prevHash}\n${content}`).digest('hex');
}

/**
 * Append one audit row inside the caller's transaction (it commits or rolls back with the change it records).
 * The chain head is locked FOR UPDATE first, so concurrent appends (any process) queue and the chain stays linear.
 */
export async function appendAudit(tx: Tx, entry: AuditEntry, at: Date): Promise<{ id: number; hash: string }> {
  await tx.insert(auditChainHead).values({ id: 1, lastId: 0, lastHash: AUDIT_GENESIS }).onConflictDoNothing();
  const [head] = await tx.select().from(auditChainHead).where(eq(auditChainHead.id, 1)).for('update');
  if (!head) throw new Error('audit: chain head missing');
  const row: AuditContent = {
    id: head.lastId + 1,
    // the column keeps milliseconds; hash exactly what is stored
    at: new Date(at.getTime()),
    operatorId: entry.actor.id,
    operator: entry.actor.username,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip,
    prevHash: head.lastHash,
  };
  const hash = auditHash(row);
  await tx.insert(auditLog).values({ ...row, hash });
  await tx.update(auditChainHead).set({ lastId: row.id, lastHash: hash }).where(eq(auditChainHead.id, 1));
  return { id: row.id, hash };
}
