import { and, count, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { moneyTransaction } from '../ledger/ledger.api.ts';
import { deposits } from '../../db/schema/deposits.ts';
import { AppError } from '../../errors.ts';
import { alreadyDecided } from '../../lib/decided-conflict.ts';
import { queueChanged } from '../../realtime/queue-signals.ts';
import { ApprovalsService, type ApprovalExecutor, type ApprovalRow } from '../approvals/approvals.api.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { toMajor, toMinor, type LedgerService } from '../ledger/ledger.api.ts';
import { walletAmounts, type SettingsService } from '../settings/settings.api.ts';
import { newDepositId, postCredit } from './credit.ts';

type DepositRow = typeof deposits.$inferSelect;
export type ReviewOperator = { id: number; username: string; ip: string | null };

/** notices a member may have waiting at once (more is a REQUEST_LIMIT: an operator has to catch up first) */
const MAX_OPEN_MANUAL_NOTICES = 3;

const MANUAL_LOCK_NAMESPACE = 7311;

/** The approvals target of a deposit's confirmation. */
const depositTarget = (id: string) => `deposit:${id}`;

export type ReviewDeps = { db: Db; ledger: LedgerService; clock: Clock; settings: SettingsService };

const auditView = (d: DepositRow) => ({
  status: d.status,
  channel: d.channel,
  memberId: d.memberId,
  amount: toMajor(d.amount),
  note: d.note,
});

/**
 * Deposits waiting for an operator (docs/design.md §9.5): a member's manual transfer notice (`POST /api/wallet/add` in
 * isManual mode) and money paid to an expired or cancelled QR held by the `lateQrPayment` setting. Confirming
 * credits through the ledger once (`deposit:{channel}:{reference}`); rejecting moves nothing. Both are conditional
 * updates from `review` in the transaction of their posting and audit row, so a second click changes nothing.
 */
export class DepositReviewService {
  private readonly approvals: ApprovalsService;

  constructor(private readonly deps: ReviewDeps) {
    this.approvals = new ApprovalsService({ db: deps.db, clock: deps.clock, settings: deps.settings });
  }

  /** POST /api/wallet/add: the member says they transferred `amount` to a site account; nothing moves yet. */
  async notify(member: { id: number; currency: string }, amountMajor: number): Promise<DepositRow> {
    const [lookup, amounts] = await Promise.all([
      this.deps.settings.get('deposit'),
      walletAmounts(this.deps.settings, member.currency),
    ]);
    if (!lookup.isManual) throw new AppError('FORBIDDEN');
    if (amountMajor < Math.max(1, amounts.minDeposit)) throw new AppError('TRANSFER_MINIMUM');
    // a notice no operator could confirm is refused at once (ADR 0022)
    if (amountMajor > amounts.manualDepositCap) throw new AppError('MANUAL_DEPOSIT_CAP');
    const amount = toMinor(amountMajor);
    return moneyTransaction(this.deps.db, async (tx) => {
      // a member's concurrent notices queue here, so the count below cannot be raced past the limit
      await tx.execute(sql`select pg_advisory_xact_lock(${MANUAL_LOCK_NAMESPACE}, ${member.id})`);
      const [open] = await tx
        .select({ n: count() })
        .from(deposits)
        .where(and(eq(deposits.memberId, member.id), eq(deposits.channel, 'manual'), eq(deposits.status, 'review')));
      if ((open?.n ?? 0) >= MAX_OPEN_MANUAL_NOTICES) throw new AppError('REQUEST_LIMIT');
      const id = newDepositId('M');
      const [row] = await tx
        .insert(deposits)
        .values({
          id,
          memberId: member.id,
          channel: 'manual',
          reference: id,
          sourceId: null,
          amount,
          currency: member.currency,
          status: 'review',
          createdAt: this.deps.clock.now(),
        })
        .returning();
      return row!;
    });
  }

  /**
   * Credit a `review` deposit; an already credited one is answered as it is (a double click credits once). A
   * manual notice is under four eyes (docs/decisions/0022-four-eyes-approvals.md): above `manualDepositCap` it is
   * refused (MANUAL_DEPOSIT_CAP); beyond the operator's or the member's rolling-day limit (`adjustmentApprovalAbove`,
   * shared with adjustments) it stays in review and waits for a second operator (`approval` is that request).
   */
  async confirm(
    id: string,
    operator: ReviewOperator,
    note: string,
  ): Promise<{ row: DepositRow; approval: ApprovalRow | null }> {
    const cap = toMinor(await this.deps.settings.get('manualDepositCap'));
    const threshold = await this.approvals.thresholdMinor();
    return this.deps.ledger.transaction(async (tx) => {
      const before = await this.locked(tx, id);
      if (before.status === 'credited') return { row: before, approval: null };
      if (before.status !== 'review') throw alreadyDecided(before.status, before.reviewedBy, before.reviewedAt);
      if (before.channel !== 'manual') return { row: await this.creditIn(tx, before, operator, note), approval: null };
      if (before.amount > cap) throw new AppError('MANUAL_DEPOSIT_CAP');
      if (await this.approvals.pendingFor(tx, depositTarget(id))) throw new AppError('APPROVAL_PENDING');
      const within = await this.approvals.moneyWithinLimit(tx, {
        operatorId: operator.id,
        memberId: before.memberId,
        amount: before.amount,
        currency: before.currency,
        threshold,
      });
      const approval = await this.approvals.open(
        tx,
        operator,
        {
          kind: 'manual_deposit',
          target: depositTarget(id),
          memberId: before.memberId,
          amount: before.amount,
          currency: before.currency,
          payload: { note },
          role: 'finance',
        },
        within ? 'within_limit' : 'pending',
        { ip: operator.ip },
      );
      if (!within) return { row: before, approval };
      return { row: await this.creditIn(tx, before, operator, note), approval: null };
    });
  }

  /** The approvals queue's executor for manual notices: a second operator's approval credits the notice once. */
  manualExecutor(): ApprovalExecutor {
    return {
      kind: 'manual_deposit',
      prepare: () => this.deps.settings.get('manualDepositCap'),
      execute: async (tx, approval, approver, meta, capMajor) => {
        const before = await this.locked(tx, approval.target.slice('deposit:'.length));
        if (before.status !== 'review') throw new AppError('APPROVAL_DECIDED');
        // the cap may have been lowered since the request
        if (before.amount > toMinor(Number(capMajor))) throw new AppError('MANUAL_DEPOSIT_CAP');
        const note =
          typeof approval.payload === 'object' && approval.payload ? (approval.payload as { note?: unknown }).note : '';
        await this.creditIn(tx, before, { ...approver, ip: meta.ip }, String(note ?? ''), approval.requestedBy);
      },
    };
  }

  /** Refuse a `review` deposit (no matching money on the bank statement): nothing moves. */
  async reject(id: string, operator: ReviewOperator, note: string): Promise<DepositRow> {
    return this.decide(id, operator, note, 'rejected');
  }

  private async decide(
    id: string,
    operator: ReviewOperator,
    note: string,
    status: 'credited' | 'rejected',
  ): Promise<DepositRow> {
    return this.deps.ledger.transaction(async (tx) => {
      const before = await this.locked(tx, id);
      if (before.status === status) return before;
      if (before.status !== 'review') throw alreadyDecided(before.status, before.reviewedBy, before.reviewedAt);
      // a manual confirmation waiting for a second operator ends with the notice
      if (before.channel === 'manual')
        await this.approvals.rejectPendingFor(tx, depositTarget(id), operator, note, { ip: operator.ip });
      return this.write(tx, before, operator, note, status);
    });
  }

  private async locked(tx: Tx, id: string): Promise<DepositRow> {
    const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Credit a locked `review` row through the ledger, once; `requestedBy`: the first of two operators. */
  private async creditIn(
    tx: Tx,
    before: DepositRow,
    operator: ReviewOperator,
    note: string,
    requestedBy?: string,
  ): Promise<DepositRow> {
    const row = await this.write(tx, before, operator, note, 'credited', requestedBy);
    await postCredit(this.deps.ledger, tx, { ...row, depositId: row.id });
    return row;
  }

  private async write(
    tx: Tx,
    before: DepositRow,
    operator: ReviewOperator,
    note: string,
    status: 'credited' | 'rejected',
    requestedBy?: string,
  ): Promise<DepositRow> {
    const now = this.deps.clock.now();
    const [row] = await tx
      .update(deposits)
      .set({
        status,
        note,
        reviewedBy: operator.username,
        reviewedAt: now,
        ...(status === 'credited' ? { creditedAt: now } : {}),
      })
      .where(and(eq(deposits.id, before.id), eq(deposits.status, 'review')))
      .returning();
    if (!row) throw new AppError('KEY_INVALID');
    queueChanged('deposits', row.id, row.status);
    await appendAudit(
      tx,
      {
        actor: { id: operator.id, username: operator.username },
        action: status === 'credited' ? 'deposit.confirm' : 'deposit.reject',
        target: `deposit:${before.id}`,
        before: auditView(before),
        after: { ...auditView(row), ...(requestedBy ? { requestedBy, approvedBy: operator.username } : {}) },
        ip: operator.ip,
      },
      now,
    );
    return row;
  }
}
