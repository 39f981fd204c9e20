import type { EnrolmentLink, OperatorRequest } from '@wallet/contract/admin/operators';
import type { Page } from '@wallet/contract/admin/paging';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { operatorRequests, operators } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import { appendAudit, type AuditActor } from '../audit/audit.api.ts';
import type { OperatorEnrolmentService } from './operator-enrolment.service.ts';

type Row = typeof operatorRequests.$inferSelect;
type Kind = OperatorRequest['kind'];
type Meta = { ip: string | null };
type Actor = { id: number; username: string };

const toRequest = (row: Row, username: string): OperatorRequest => ({
  id: row.id,
  operatorId: row.operatorId,
  username,
  kind: row.kind as Kind,
  roles: (row.roles as OperatorRole[] | null) ?? null,
  status: row.status as OperatorRequest['status'],
  requestedBy: row.requestedBy,
  requestedAt: row.requestedAt.toISOString(),
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const audited = (r: Row) => ({ kind: r.kind, roles: r.roles, status: r.status, requestedBy: r.requestedBy });

/**
 * Operator changes under four eyes (docs/decisions/0023-operator-enrolment.md): creating an operator with admin or
 * finance, adding such a role, re-issuing the enrolment of an operator holding one. A different admin, not the one
 * the change is about, approves it; a creation or re-enrolment answers the approver (only) with the new link.
 */
export class OperatorRequestsService {
  constructor(private readonly deps: { db: Db; clock: Clock; enrolment: OperatorEnrolmentService }) {}

  /** Inside the caller's transaction, the operator row locked: one pending request per operator (APPROVAL_PENDING). */
  async open(
    tx: Tx,
    actor: Actor,
    operator: { id: number; username: string },
    change: { kind: Kind; roles: readonly OperatorRole[] | null },
    meta: Meta,
  ): Promise<OperatorRequest> {
    await this.refuseIfPending(tx, operator.id);
    const now = this.deps.clock.now();
    const [row] = await tx
      .insert(operatorRequests)
      .values({
        operatorId: operator.id,
        kind: change.kind,
        roles: change.roles ? [...change.roles] : null,
        status: 'pending',
        requestedById: actor.id,
        requestedBy: actor.username,
        requestedAt: now,
      })
      .returning();
    if (!row) throw new Error('operator request insert returned nothing');
    const entry = { actor, action: 'operator.request.create', target: `operator:${operator.id}`, ...meta };
    await appendAudit(tx, { ...entry, before: null, after: audited(row) }, now);
    return toRequest(row, operator.username);
  }

  async refuseIfPending(tx: Tx, operatorId: number): Promise<void> {
    const [pending] = await tx
      .select({ id: operatorRequests.id })
      .from(operatorRequests)
      .where(and(eq(operatorRequests.operatorId, operatorId), eq(operatorRequests.status, 'pending')));
    if (pending) throw new AppError('APPROVAL_PENDING');
  }

  /** The pending requests of these operators, by operator id (the operators list shows them). */
  async pendingOf(operatorIds: number[]): Promise<Map<number, OperatorRequest>> {
    if (operatorIds.length === 0) return new Map();
    const rows = await this.deps.db
      .select({ request: operatorRequests, username: operators.username })
      .from(operatorRequests)
      .innerJoin(operators, eq(operators.id, operatorRequests.operatorId))
      .where(and(inArray(operatorRequests.operatorId, operatorIds), eq(operatorRequests.status, 'pending')));
    return new Map(rows.map((r) => [r.request.operatorId, toRequest(r.request, r.username)]));
  }

  async listPending(page: { page: number; pageSize: number }): Promise<Page<OperatorRequest>> {
    const { db } = this.deps;
    const pending = eq(operatorRequests.status, 'pending');
    const [rows, [total]] = await Promise.all([
      db
        .select({ request: operatorRequests, username: operators.username })
        .from(operatorRequests)
        .innerJoin(operators, eq(operators.id, operatorRequests.operatorId))
        .where(pending)
        .orderBy(asc(operatorRequests.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ n: count() }).from(operatorRequests).where(pending),
    ]);
    return { rows: rows.map((r) => toRequest(r.request, r.username)), total: total?.n ?? 0, ...page };
  }

  /**
   * Carry out a pending request, once. A creation always gets a fresh link (whatever its requester did with the
   * operator meanwhile); a role grant too when the operator has not enrolled yet or enrolled from a link its
   * requester held (else one admin could grant a money role to an account they set up themself).
   */
  async approve(
    actor: Actor,
    id: number,
    meta: Meta,
  ): Promise<{ request: OperatorRequest; enrolment: EnrolmentLink | null }> {
    const { db, clock, enrolment } = this.deps;
    const hours = await enrolment.linkHours();
    return db.transaction(async (tx) => {
      const { row, operator } = await this.lockedPending(tx, id, actor);
      const now = clock.now();
      let link: EnrolmentLink | null = null;
      if (row.kind === 'create' || row.kind === 'roles') {
        const roles = [...new Set(row.roles ?? [])].sort();
        await tx.update(operators).set({ roles, updatedAt: now }).where(eq(operators.id, operator.id));
        await appendAudit(
          tx,
          {
            actor,
            action: 'operator.update',
            target: `operator:${operator.id}`,
            before: { roles: operator.roles },
            after: { roles },
            ...meta,
          },
          now,
        );
        const setUpByRequester = (await enrolment.lastIssuer(tx, operator.id)) === row.requestedBy;
        if (row.kind === 'create' || operator.passwordHash === null || setUpByRequester) {
          link = await enrolment.issue(tx, actor, operator.id, { ...meta, hours });
        }
      } else {
        link = await enrolment.issue(tx, actor, operator.id, { ...meta, hours });
      }
      const after = await this.decide(tx, row, actor, 'approved', meta);
      return { request: toRequest(after, operator.username), enrolment: link };
    });
  }

  /** Reject (or, by its requester, withdraw) a pending request; a rejected creation leaves the operator disabled. */
  async reject(actor: Actor, id: number, meta: Meta): Promise<OperatorRequest> {
    return this.deps.db.transaction(async (tx) => {
      const { row, operator } = await this.lockedPending(tx, id, null);
      if (row.kind === 'create') {
        await tx
          .update(operators)
          .set({ enabled: false, updatedAt: this.deps.clock.now() })
          .where(eq(operators.id, operator.id));
      }
      return toRequest(await this.decide(tx, row, actor, 'rejected', meta), operator.username);
    });
  }

  private async decide(tx: Tx, row: Row, actor: Actor, status: 'approved' | 'rejected', meta: Meta): Promise<Row> {
    const now = this.deps.clock.now();
    const [after] = await tx
      .update(operatorRequests)
      .set({ status, decidedById: actor.id, decidedBy: actor.username, decidedAt: now })
      .where(eq(operatorRequests.id, row.id))
      .returning();
    if (!after) throw new AppError('NOT_FOUND');
    const action = status === 'approved' ? 'operator.request.approve' : 'operator.request.reject';
    const entry = { actor, action, target: `operator:${row.operatorId}`, ...meta };
    await appendAudit(tx, { ...entry, before: audited(row), after: audited(after) }, now);
    return after;
  }

  /** The request and its operator, both locked; `approver` set: neither its requester nor the operator concerned. */
  private async lockedPending(tx: Tx, id: number, approver: AuditActor | null) {
    const [row] = await tx.select().from(operatorRequests).where(eq(operatorRequests.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('APPROVAL_DECIDED');
    if (approver && (approver.id === row.requestedById || approver.id === row.operatorId)) {
      throw new AppError('APPROVAL_OWN_REQUEST');
    }
    const [operator] = await tx.select().from(operators).where(eq(operators.id, row.operatorId)).for('update');
    if (!operator) throw new AppError('NOT_FOUND');
    return { row, operator };
  }
}
