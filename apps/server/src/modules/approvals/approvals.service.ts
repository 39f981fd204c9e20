// Over 300 lines on purpose: one service holds the four-eyes queue (docs/decisions/0022-four-eyes-approvals.md), and
// open, approve, reject and the within-limit record share its locks (operator, member), `lockPending`, `decide` and
// the audit rows; split apart, the lock order would be spread over files.
import type { ApprovalKind } from '@wallet/contract/admin/approvals';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import { MINOR_PER_MAJOR } from '@wallet/contract/limits';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { moneyTransaction } from '../ledger/ledger.api.ts';
import { approvals } from '../../db/schema/approvals.ts';
import { AppError } from '../../errors.ts';
import { alreadyDecided } from '../../lib/decided-conflict.ts';
import { queueChanged } from '../../realtime/queue-signals.ts';
import { appendAudit } from '../audit/audit.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import { withRows } from '../../db/raw.ts';

export type ApprovalRow = typeof approvals.$inferSelect;
export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'within_limit';
export type Approver = { id: number; username: string; roles: readonly OperatorRole[] };
type Actor = { id: number; username: string };
type Meta = { ip: string | null };

/** The rolling day of the money threshold: the 24 hours before the request (ADR 0022). */
const ROLLING_DAY_MS = 86_400_000;
/** pg_advisory_xact_lock namespaces: one per operator, one per member (always taken in this order) */
const OPERATOR_LOCK = 7401;
const MEMBER_LOCK = 7402;
/** the kinds whose amounts count against `adjustmentApprovalAbove` */
const MONEY_KINDS: ApprovalKind[] = ['adjustment', 'manual_deposit'];
/** statuses that count in the rolling day: everything not rejected */
const COUNTED: ApprovalStatus[] = ['pending', 'approved', 'within_limit'];

/**
 * What the owner of a kind does when its request is approved or rejected (registered per kind by the module that
 * owns the action: wallet for adjustments, deposits for manual notices, settings for money-critical keys).
 */
export type ApprovalExecutor = {
  kind: ApprovalKind;
  /**
   * reads what the executor needs from outside the transaction (settings: on PGlite's single connection a read
   * outside the open transaction would wait for it forever); its result is handed to `execute`
   */
  prepare?: () => Promise<unknown>;
  /** executes the action inside the approving transaction (throws to refuse: nothing is marked approved) */
  execute: (tx: Tx, approval: ApprovalRow, approver: Actor, meta: Meta, prepared: unknown) => Promise<void>;
  /** the request was rejected (or withdrawn): undo any hold the owner keeps, in the same transaction */
  rejected?: (tx: Tx, approval: ApprovalRow, actor: Actor, note: string, meta: Meta) => Promise<void>;
  /** after the approving transaction committed (a settings cache to drop) */
  committed?: (approval: ApprovalRow) => Promise<void>;
};

type OpenRequest = {
  kind: ApprovalKind;
  target: string;
  memberId?: number | null;
  amount?: bigint | null;
  currency?: string | null;
  payload: Record<string, unknown>;
  role: OperatorRole;
};

const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * Four eyes, one mechanism (docs/decisions/0022-four-eyes-approvals.md). Owners open a request inside their own
 * transaction (`open`); money actions first ask `moneyWithinLimit`, which serialises an operator's and a member's
 * requests and counts their rolling day, pending ones included. `approve` locks the request, refuses its requester,
 * an operator without its role and a decided request, runs the owner's executor and marks it approved — all in one
 * transaction, so it executes once however many approvers race.
 */
export class ApprovalsService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      settings: Pick<SettingsService, 'get'>;
      executors?: readonly ApprovalExecutor[];
    },
  ) {}

  /** The approval threshold in minor units (the `adjustmentApprovalAbove` setting, whole baht or kip). */
  async thresholdMinor(): Promise<bigint> {
    return BigInt(await this.deps.settings.get('adjustmentApprovalAbove')) * BigInt(MINOR_PER_MAJOR);
  }

  /**
   * Whether an operator may move `amount` for a member alone: the operator's and the member's money requests of
   * the rolling day (pending, approved and within-limit ones, in this currency) plus this one stay at or under the
   * threshold (`thresholdMinor()`, read before the transaction). Takes the operator's and the member's transaction
   * locks first, so two parallel requests are counted
   * one after the other and cannot both slip under it.
   */
  async moneyWithinLimit(
    tx: Tx,
    input: { operatorId: number; memberId: number; amount: bigint; currency: string; threshold: bigint },
  ): Promise<boolean> {
    await tx.execute(sql`select pg_advisory_xact_lock(${OPERATOR_LOCK}, ${input.operatorId})`);
    await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_LOCK}, ${input.memberId})`);
    const { threshold } = input;
    const magnitude = abs(input.amount);
    if (magnitude > threshold) return false;
    const since = new Date(this.deps.clock.now().getTime() - ROLLING_DAY_MS);
    const result = withRows<{ by_operator: string; by_member: string }>(
      await tx.execute(sql`
      select coalesce(sum(abs(amount)) filter (where requested_by_id = ${input.operatorId}), 0)::text as by_operator,
             coalesce(sum(abs(amount)) filter (where member_id = ${input.memberId}), 0)::text as by_member
      from approvals
      where kind in (${sql.join(
        MONEY_KINDS.map((k) => sql`${k}`),
        sql`, `,
      )})
        and status in (${sql.join(
          COUNTED.map((s) => sql`${s}`),
          sql`, `,
        )})
        and currency = ${input.currency}
        and requested_at > ${since}
        and (requested_by_id = ${input.operatorId} or member_id = ${input.memberId})`),
    );
    const row = result.rows[0];
    const byOperator = BigInt(row?.by_operator ?? '0');
    const byMember = BigInt(row?.by_member ?? '0');
    return byOperator + magnitude <= threshold && byMember + magnitude <= threshold;
  }

  /**
   * Record a request in the owner's transaction: `pending` (waits for a second operator; a target already waiting
   * is APPROVAL_PENDING) or `within_limit` (the owner executes it now; kept for the rolling day).
   */
  async open(
    tx: Tx,
    actor: Actor,
    request: OpenRequest,
    status: 'pending' | 'within_limit',
    meta: Meta,
  ): Promise<ApprovalRow> {
    const now = this.deps.clock.now();
    let row: ApprovalRow | undefined;
    try {
      // a savepoint: a duplicate pending target fails only this insert, not the caller's transaction
      [row] = await tx.transaction((sp) =>
        sp
          .insert(approvals)
          .values({
            kind: request.kind,
            target: request.target,
            memberId: request.memberId ?? null,
            amount: request.amount ?? null,
            currency: request.currency ?? null,
            payload: request.payload,
            role: request.role,
            status,
            requestedById: actor.id,
            requestedBy: actor.username,
            requestedAt: now,
            ...(status === 'within_limit' ? { decidedById: actor.id, decidedBy: actor.username, decidedAt: now } : {}),
          })
          .returning(),
      );
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('APPROVAL_PENDING');
      throw err;
    }
    if (!row) throw new Error('approvals: insert returned nothing');
    if (status === 'pending') {
      await this.audit(tx, actor, 'approval.request', row, null, meta, now);
      queueChanged('approvals', row.id, row.status);
    }
    return row;
  }

  /** The request waiting on a target, if any (the owner refuses to act on it alone meanwhile). */
  async pendingFor(tx: Tx | Db, target: string): Promise<ApprovalRow | null> {
    const [row] = await tx
      .select()
      .from(approvals)
      .where(and(eq(approvals.target, target), eq(approvals.status, 'pending')));
    return row ?? null;
  }

  /** Approve and execute a pending request: a different operator holding its role; once, under any race. */
  async approve(approver: Approver, id: number, meta: Meta): Promise<ApprovalRow> {
    const [peek] = await this.deps.db.select({ kind: approvals.kind }).from(approvals).where(eq(approvals.id, id));
    if (!peek) throw new AppError('NOT_FOUND');
    const executor = this.executorOf(peek.kind);
    const prepared = await executor.prepare?.();
    const after = await moneyTransaction(this.deps.db, async (tx) => {
      const row = await this.lockPending(tx, id);
      if (row.requestedById === approver.id) throw new AppError('APPROVAL_OWN_REQUEST');
      if (!approver.roles.includes(row.role as OperatorRole)) throw new AppError('FORBIDDEN');
      await executor.execute(tx, row, approver, meta, prepared);
      return this.decide(tx, row, approver, 'approved', null, meta);
    });
    await executor.committed?.(after);
    return after;
  }

  /** Reject a pending request (a second operator with its role, or its requester withdrawing it); nothing runs. */
  async reject(actor: Approver, id: number, note: string, meta: Meta): Promise<ApprovalRow> {
    return moneyTransaction(this.deps.db, async (tx) => {
      const row = await this.lockPending(tx, id);
      const own = row.requestedById === actor.id;
      if (!own && !actor.roles.includes(row.role as OperatorRole)) throw new AppError('FORBIDDEN');
      await this.executorOf(row.kind).rejected?.(tx, row, actor, note, meta);
      return this.decide(tx, row, actor, 'rejected', note, meta);
    });
  }

  /** Reject the request waiting on a target inside the owner's transaction (the owner refused the thing itself). */
  async rejectPendingFor(tx: Tx, target: string, actor: Actor, note: string, meta: Meta): Promise<void> {
    const [row] = await tx
      .select()
      .from(approvals)
      .where(and(eq(approvals.target, target), eq(approvals.status, 'pending')))
      .for('update');
    if (row) await this.decide(tx, row, actor, 'rejected', note, meta);
  }

  async list(filter: {
    status?: ApprovalStatus | undefined;
    kind?: ApprovalKind | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    pageSize: number;
  }): Promise<{ rows: ApprovalRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(approvals.status, filter.status));
    if (filter.kind) conditions.push(eq(approvals.kind, filter.kind));
    if (filter.from) conditions.push(gte(approvals.requestedAt, new Date(filter.from)));
    if (filter.to) conditions.push(lt(approvals.requestedAt, new Date(filter.to)));
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await this.deps.db
      .select()
      .from(approvals)
      .where(where)
      .orderBy(filter.status === 'pending' ? asc(approvals.id) : desc(approvals.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    const [total] = await this.deps.db.select({ n: count() }).from(approvals).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  }

  /** The pending requests on these targets (a settings page shows which keys wait). */
  async pendingOn(targets: string[]): Promise<ApprovalRow[]> {
    if (targets.length === 0) return [];
    return this.deps.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.status, 'pending'), inArray(approvals.target, targets)));
  }

  private executorOf(kind: string): ApprovalExecutor {
    const executor = this.deps.executors?.find((e) => e.kind === kind);
    if (!executor) throw new Error(`approvals: no executor for ${kind}`);
    return executor;
  }

  private async lockPending(tx: Tx, id: number): Promise<ApprovalRow> {
    const [row] = await tx.select().from(approvals).where(eq(approvals.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') throw alreadyDecided(row.status, row.decidedBy, row.decidedAt);
    return row;
  }

  private async decide(
    tx: Tx,
    row: ApprovalRow,
    actor: Actor,
    status: 'approved' | 'rejected',
    note: string | null,
    meta: Meta,
  ): Promise<ApprovalRow> {
    const now = this.deps.clock.now();
    const [after] = await tx
      .update(approvals)
      .set({ status, decidedById: actor.id, decidedBy: actor.username, decidedAt: now, decisionNote: note })
      .where(and(eq(approvals.id, row.id), eq(approvals.status, 'pending')))
      .returning();
    if (!after) throw new AppError('APPROVAL_DECIDED');
    queueChanged('approvals', after.id, after.status);
    const action = status === 'approved' ? 'approval.approve' : 'approval.reject';
    await this.audit(tx, actor, action, after, row, meta, now);
    return after;
  }

  private audit(
    tx: Tx,
    actor: Actor,
    action: string,
    row: ApprovalRow,
    before: ApprovalRow | null,
    meta: Meta,
    at: Date,
  ): Promise<unknown> {
    return appendAudit(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action,
        target: row.target,
        before: before ? audited(before) : null,
        after: audited(row),
        ip: meta.ip,
      },
      at,
    );
  }
}

/** What an audit row records of a request: both operators' names, the amount or the change. */
const audited = (a: ApprovalRow) => ({
  approvalId: a.id,
  kind: a.kind,
  memberId: a.memberId,
  amount: a.amount === null ? null : String(a.amount),
  currency: a.currency,
  payload: a.payload,
  status: a.status,
  requestedBy: a.requestedBy,
  decidedBy: a.decidedBy,
  note: a.decisionNote,
});
