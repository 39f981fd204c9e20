import { and, count, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { withRetry } from '../../db/pg-error.ts';
import { deposits } from '../../db/schema/deposits.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { toMajor, toMinor, type LedgerService } from '../ledger/ledger.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import { newDepositId, postCredit } from './credit.ts';

type DepositRow = typeof deposits.$inferSelect;
export type ReviewOperator = { id: number; username: string; ip: string | null };

/** notices a member may have waiting at once (more is a REQUEST_LIMIT: an operator has to catch up first) */
const MAX_OPEN_MANUAL_NOTICES = 3;

const MANUAL_LOCK_NAMESPACE = 7311;

export type ReviewDeps = { db: Db; ledger: LedgerService; clock: Clock; settings: SettingsService };

const auditView = (d: DepositRow) => ({
  status: d.status,
  channel: d.channel,
  memberId: d.memberId,
  amount: toMajor(d.amount),
  note: d.note,
});

/**
 * Deposits waiting for an operator (DESIGN.md §9.5): a member's manual transfer notice (`POST /api/wallet/add` in
 * isManual mode) and money paid to an expired or cancelled QR held by the `lateQrPayment` setting. Confirming
 * credits through the ledger once (`deposit:{channel}:{reference}`); rejecting moves nothing. Both are conditional
 * updates from `review` in the transaction of their posting and audit row, so a second click changes nothing.
 */
export class DepositReviewService {
  constructor(private readonly deps: ReviewDeps) {}

  /** POST /api/wallet/add: the member says they transferred `amount` to a site account; nothing moves yet. */
  async notify(member: { id: number; currency: string }, amountMajor: number): Promise<DepositRow> {
    const [lookup, minDeposit] = await Promise.all([
      this.deps.settings.get('deposit'),
      this.deps.settings.get('minDeposit'),
    ]);
    if (!lookup.isManual) throw new AppError('FORBIDDEN');
    if (amountMajor < Math.max(1, minDeposit)) throw new AppError('TRANSFER_MINIMUM');
    const amount = toMinor(amountMajor);
    return withRetry(() =>
      this.deps.db.transaction(async (tx) => {
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
      }),
    );
  }

  /** Credit a `review` deposit; an already credited one is answered as it is (a double click credits once). */
  async confirm(id: string, operator: ReviewOperator, note: string): Promise<DepositRow> {
    return this.decide(id, operator, note, 'credited', async (tx, row) => {
      await postCredit(this.deps.ledger, tx, { ...row, depositId: row.id });
    });
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
    effect?: (tx: Tx, row: DepositRow) => Promise<void>,
  ): Promise<DepositRow> {
    return this.deps.ledger.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const [before] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
      if (!before) throw new AppError('NOT_FOUND');
      if (before.status === status) return before;
      if (before.status !== 'review') throw new AppError('KEY_INVALID');
      const [row] = await tx
        .update(deposits)
        .set({
          status,
          note,
          reviewedBy: operator.username,
          reviewedAt: now,
          ...(status === 'credited' ? { creditedAt: now } : {}),
        })
        .where(and(eq(deposits.id, id), eq(deposits.status, 'review')))
        .returning();
      if (!row) throw new AppError('KEY_INVALID');
      await effect?.(tx, row);
      await appendAudit(
        tx,
        {
          actor: { id: operator.id, username: operator.username },
          action: status === 'credited' ? 'deposit.confirm' : 'deposit.reject',
          target: `deposit:${id}`,
          before: auditView(before),
          after: auditView(row),
          ip: operator.ip,
        },
        now,
      );
      return row;
    });
  }
}
