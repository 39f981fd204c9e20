import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { balanceAdjustments } from '../../db/schema/wallet.ts';
import { AppError } from '../../errors.ts';
import { alreadyDecided } from '../../lib/decided-conflict.ts';
import { queueChanged } from '../../realtime/queue-signals.ts';
import { memberRecord } from '../account/account.api.ts';
import { ApprovalsService, type ApprovalExecutor, type Approver } from '../approvals/approvals.api.ts';
import { appendAudit, type AuditActor } from '../audit/audit.api.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';
import { house, LEDGER_KINDS, memberWallet } from '../ledger/ledger.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';

export type Adjustment = typeof balanceAdjustments.$inferSelect;
export type AdjustmentStatus = 'pending' | 'posted' | 'rejected';
type Actor = { id: number; username: string };
type Meta = { ip: string | null };

/** The ledger key of an adjustment: posted once, whoever approves it and however often. */
const adjustmentLedgerKey = (id: number) => `adjustment:${id}`;
/** The approvals target of an adjustment. */
const adjustmentTarget = (id: number) => `adjustment:${id}`;
const idOfTarget = (target: string) => Number(target.slice('adjustment:'.length));

/** What an audit row records of an adjustment. */
const audited = (a: Adjustment) => ({
  memberId: a.memberId,
  amount: String(a.amount),
  currency: a.currency,
  reason: a.reason,
  status: a.status,
  requestedBy: a.requestedBy,
  decidedBy: a.decidedBy,
  decisionNote: a.decisionNote,
  ledgerTransactionId: a.ledgerTransactionId,
});

/**
 * Operators' balance adjustments (docs/design.md §9.3): wallet ↔ house:adjustment through the ledger with a mandatory
 * reason, under four eyes (docs/decisions/0022-four-eyes-approvals.md): an adjustment is posted at once only while
 * the requesting operator's AND the member's adjustments and manual confirmations of the rolling day, this one
 * included, stay within `adjustmentApprovalAbove`; otherwise it waits for a second operator in the one approvals
 * queue. Every change writes its audit row in its transaction.
 */
const ADJUSTMENT_SORT_COLUMNS = {
  requestedAt: balanceAdjustments.requestedAt,
  memberId: balanceAdjustments.memberId,
  amount: balanceAdjustments.amount,
  status: balanceAdjustments.status,
  requestedBy: balanceAdjustments.requestedBy,
} as const;

/** ORDER BY for the list: the chosen column then the id (stable pages); by default pending oldest first (a queue), else newest first. */
function adjustmentOrder(filter: {
  status?: string | undefined;
  sort?: keyof typeof ADJUSTMENT_SORT_COLUMNS | 'queue';
  dir?: 'asc' | 'desc';
}) {
  const sort = filter.sort ?? 'queue';
  if (sort === 'queue') return [filter.status === 'pending' ? asc(balanceAdjustments.id) : desc(balanceAdjustments.id)];
  const by = filter.dir === 'asc' ? asc : desc;
  return [by(ADJUSTMENT_SORT_COLUMNS[sort]), by(balanceAdjustments.id)];
}

export class AdjustmentsService {
  private readonly approvals: ApprovalsService;

  constructor(
    private readonly deps: { db: Db; clock: Clock; settings: Pick<SettingsService, 'get'>; ledger: LedgerService },
  ) {
    this.approvals = new ApprovalsService({
      db: deps.db,
      clock: deps.clock,
      settings: deps.settings,
      executors: [this.executor()],
    });
  }

  /** Request an adjustment: posted at once within the rolling-day limit, else left pending for a second operator. */
  async request(
    actor: Actor,
    input: { memberId: number; amount: bigint; reason: string },
    meta: Meta,
  ): Promise<Adjustment> {
    const { clock, ledger } = this.deps;
    if (input.amount === 0n) throw new AppError('KEY_INVALID');
    const threshold = await this.approvals.thresholdMinor();
    return ledger.transaction(async (tx) => {
      const member = await memberRecord(tx, input.memberId);
      if (!member) throw new AppError('NOT_FOUND');
      const within = await this.approvals.moneyWithinLimit(tx, {
        operatorId: actor.id,
        memberId: member.id,
        amount: input.amount,
        currency: member.currency,
        threshold,
      });
      const now = clock.now();
      const [row] = await tx
        .insert(balanceAdjustments)
        .values({
          memberId: member.id,
          amount: input.amount,
          currency: member.currency,
          reason: input.reason,
          status: 'pending',
          requestedById: actor.id,
          requestedBy: actor.username,
          requestedAt: now,
        })
        .returning();
      if (!row) throw new Error('adjustment insert returned nothing');
      queueChanged('adjustments', row.id, row.status);
      await appendAudit(tx, this.entry(actor, 'member.adjustment.request', row, null, audited(row), meta), now);
      await this.approvals.open(
        tx,
        actor,
        {
          kind: 'adjustment',
          target: adjustmentTarget(row.id),
          memberId: row.memberId,
          amount: row.amount,
          currency: row.currency,
          payload: { reason: row.reason },
          role: 'finance',
        },
        within ? 'within_limit' : 'pending',
        meta,
      );
      if (!within) return row;
      return this.post(tx, row, actor, null, meta, now);
    });
  }

  /** A second operator approves a pending adjustment (through the approvals queue); the requester cannot. */
  async approve(actor: Approver, id: number, meta: Meta): Promise<Adjustment> {
    const approval = await this.pendingApproval(id);
    await this.approvals.approve(actor, approval.id, meta);
    return this.byId(id);
  }

  /** Reject (or, by its requester, withdraw) a pending adjustment; nothing moves. */
  async reject(actor: Approver, id: number, note: string, meta: Meta): Promise<Adjustment> {
    const approval = await this.pendingApproval(id);
    await this.approvals.reject(actor, approval.id, note, meta);
    return this.byId(id);
  }

  /** The approvals queue's executor for adjustments: post on approval, mark rejected on rejection. */
  executor(): ApprovalExecutor {
    return {
      kind: 'adjustment',
      execute: async (tx, approval, approver, meta) => {
        const row = await this.lockedPending(tx, idOfTarget(approval.target));
        await this.post(tx, row, approver, null, meta, this.deps.clock.now());
      },
      rejected: async (tx, approval, actor, note, meta) => {
        const row = await this.lockedPending(tx, idOfTarget(approval.target));
        const now = this.deps.clock.now();
        const [after] = await tx
          .update(balanceAdjustments)
          .set({
            status: 'rejected',
            decidedById: actor.id,
            decidedBy: actor.username,
            decidedAt: now,
            decisionNote: note,
          })
          .where(eq(balanceAdjustments.id, row.id))
          .returning();
        if (!after) throw new AppError('NOT_FOUND');
        queueChanged('adjustments', after.id, after.status);
        await appendAudit(
          tx,
          this.entry(actor, 'member.adjustment.reject', after, audited(row), audited(after), meta),
          now,
        );
      },
    };
  }

  async list(filter: {
    status?: AdjustmentStatus | undefined;
    memberId?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    pageSize: number;
    /** a whitelisted key of the contract (ADJUSTMENT_SORTS) */
    sort?: 'queue' | 'requestedAt' | 'memberId' | 'amount' | 'status' | 'requestedBy';
    dir?: 'asc' | 'desc';
  }): Promise<{ rows: Adjustment[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(balanceAdjustments.status, filter.status));
    if (filter.memberId) conditions.push(eq(balanceAdjustments.memberId, filter.memberId));
    if (filter.from) conditions.push(gte(balanceAdjustments.requestedAt, new Date(filter.from)));
    if (filter.to) conditions.push(lt(balanceAdjustments.requestedAt, new Date(filter.to)));
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await this.deps.db
      .select()
      .from(balanceAdjustments)
      .where(where)
      .orderBy(...adjustmentOrder(filter))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    const [total] = await this.deps.db.select({ n: count() }).from(balanceAdjustments).where(where);
    return { rows, total: Number(total?.n ?? 0) };
  }

  private async lockedPending(tx: Tx, id: number): Promise<Adjustment> {
    const [row] = await tx.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    // decided already (posted or rejected): nothing left to decide
    if (row.status !== 'pending') throw alreadyDecided(row.status, row.decidedBy, row.decidedAt);
    return row;
  }

  /** The request waiting for a second operator on this adjustment (APPROVAL_DECIDED once it was decided). */
  private async pendingApproval(id: number) {
    const approval = await this.approvals.pendingFor(this.deps.db, adjustmentTarget(id));
    if (approval) return approval;
    const row = await this.byId(id);
    throw alreadyDecided(row.status, row.decidedBy, row.decidedAt);
  }

  private async byId(id: number): Promise<Adjustment> {
    const [row] = await this.deps.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async post(
    tx: Tx,
    row: Adjustment,
    actor: Actor,
    note: string | null,
    meta: Meta,
    now: Date,
  ): Promise<Adjustment> {
    const { transactionId } = await this.deps.ledger.post(
      {
        kind: LEDGER_KINDS.adjustment,
        currency: row.currency,
        memberId: row.memberId,
        idempotencyKey: adjustmentLedgerKey(row.id),
        reference: `adjustment:${row.id}`,
        metadata: { reason: row.reason, requestedBy: row.requestedBy, approvedBy: actor.username },
        postings: [
          { account: memberWallet(row.memberId), amount: row.amount },
          { account: house('adjustment', row.memberId), amount: -row.amount },
        ],
      },
      tx,
    );
    const [after] = await tx
      .update(balanceAdjustments)
      .set({
        status: 'posted',
        decidedById: actor.id,
        decidedBy: actor.username,
        decidedAt: now,
        decisionNote: note,
        ledgerTransactionId: String(transactionId),
      })
      .where(and(eq(balanceAdjustments.id, row.id), eq(balanceAdjustments.status, 'pending')))
      .returning();
    if (!after) throw new AppError('APPROVAL_DECIDED');
    queueChanged('adjustments', after.id, after.status);
    const action = row.requestedById === actor.id ? 'member.adjustment.post' : 'member.adjustment.approve';
    await appendAudit(tx, this.entry(actor, action, after, audited(row), audited(after), meta), now);
    return after;
  }

  private entry(actor: AuditActor, action: string, row: Adjustment, before: unknown, after: unknown, meta: Meta) {
    return { actor, action, target: `member:${row.memberId}`, before, after, ip: meta.ip };
  }
}

/** How many adjustments wait for a second operator (the dashboard's queue count). */
export async function countPendingAdjustments(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(balanceAdjustments)
    .where(eq(balanceAdjustments.status, 'pending'));
  return Number(row?.n ?? 0);
}
