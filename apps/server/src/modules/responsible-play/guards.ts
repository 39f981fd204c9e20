// The checks other modules call before money moves (docs/responsible-play.md §4, docs/decisions/0039): one call per
// path, through responsible-play.api.ts. Breaks block money going *in* (deposits, games, bonuses, the wheel), never
// a withdrawal or a transfer out of a game.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { responsibleBreaks, responsibleLimits, type ResponsibleBreakKind } from '../../db/schema/responsible-play.ts';
import { AppError } from '../../errors.ts';
import { formatBangkok } from '../../lib/bangkok-time.ts';
import { lockMemberMoney, toMajor } from '../ledger/ledger.api.ts';
import { effectiveLimit, type LimitRow } from './limit-rules.ts';
import { depositedSince, lostSince } from './usage.ts';
import { periodOf, type LimitPeriod } from './windows.ts';

const PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];

/** `2026-11-28 14:30` Bangkok: the time a refusal lifts, as the error texts show it */
export const liftTime = (at: Date): string => formatBangkok(at).slice(0, 16).replace('T', ' ');
const money = (minor: bigint): string => toMajor(minor).toFixed(2);

/** The running break that ends last (a self-exclusion wins over a cooling-off ending at the same time). */
export async function runningBreak(
  db: Db | Tx,
  memberId: number,
  now: Date,
): Promise<{ kind: ResponsibleBreakKind; until: Date } | null> {
  const rows = await db
    .select({ kind: responsibleBreaks.kind, until: responsibleBreaks.endsAt })
    .from(responsibleBreaks)
    .where(and(eq(responsibleBreaks.memberId, memberId), gt(responsibleBreaks.endsAt, now)))
    .orderBy(desc(responsibleBreaks.endsAt));
  return rows.find((r) => r.kind === 'self_exclusion') ?? rows[0] ?? null;
}

export async function limitRows(db: Db | Tx, memberId: number): Promise<LimitRow[]> {
  return db
    .select({
      kind: responsibleLimits.kind,
      value: responsibleLimits.value,
      hasPending: responsibleLimits.hasPending,
      pendingValue: responsibleLimits.pendingValue,
      pendingAt: responsibleLimits.pendingAt,
    })
    .from(responsibleLimits)
    .where(eq(responsibleLimits.memberId, memberId));
}

function breakError(b: { kind: ResponsibleBreakKind; until: Date }): AppError {
  return new AppError(b.kind === 'self_exclusion' ? 'SELF_EXCLUDED' : 'COOLING_OFF', undefined, {
    reason: 'UNTIL',
    values: { until: liftTime(b.until) },
  });
}

/** Refuse while a cooling-off or self-exclusion runs: a bonus, coupon, refund or invite claim, a wheel spin. */
export async function assertNoBreak(db: Db | Tx, memberId: number, now: Date): Promise<void> {
  const running = await runningBreak(db, memberId, now);
  if (running) throw breakError(running);
}

type Family = 'deposit' | 'loss';

/** The first period whose limit `amount` more would pass (`amount` 0: one already used up), or null. */
async function overLimit(
  db: Db | Tx,
  family: Family,
  memberId: number,
  amount: bigint,
  now: Date,
): Promise<AppError | null> {
  const rows = await limitRows(db, memberId);
  for (const period of PERIODS) {
    const limit = effectiveLimit(
      rows.find((r) => r.kind === `${family}_${period}`),
      now,
    );
    if (limit === null) continue;
    const { from, until } = periodOf(period, now);
    const used = family === 'deposit' ? await depositedSince(db, memberId, from) : await lostSince(db, memberId, from);
    const left = limit > used ? limit - used : 0n;
    if (amount > left || left === 0n)
      return new AppError(family === 'deposit' ? 'DEPOSIT_LIMIT_REACHED' : 'LOSS_LIMIT_REACHED', undefined, {
        reason: period.toUpperCase(),
        values: { limit: money(limit), left: money(left), until: liftTime(until) },
      });
  }
  return null;
}

/**
 * Before a deposit is offered (a QR made, a slip or voucher sent, a manual notice): no break running, and the
 * amount (null when not known yet, a slip) fits every deposit limit. Advice only: the credit checks again atomically.
 */
export async function assertMayDeposit(db: Db, memberId: number, amount: bigint | null, now: Date): Promise<void> {
  await assertNoBreak(db, memberId, now);
  const over = await overLimit(db, 'deposit', memberId, amount ?? 0n, now);
  if (over) throw over;
}

/**
 * In the credit's transaction, before the deposit row: takes the member's money lock (ADR 0019; nothing of the
 * member's is locked before it on this path), then answers why money that arrived anyway must be held for finance
 * instead of credited (the error code), or null to credit it. Racing credits of one member run one after the other,
 * so the sum of credited deposits never passes a limit (docs/decisions/0039).
 */
export async function depositHoldReason(tx: Tx, memberId: number, amount: bigint, at: Date): Promise<string | null> {
  await lockMemberMoney(tx, memberId);
  const running = await runningBreak(tx, memberId, at);
  if (running) return running.kind === 'self_exclusion' ? 'SELF_EXCLUDED' : 'COOLING_OFF';
  const over = await overLimit(tx, 'deposit', memberId, amount, at);
  return over ? over.code : null;
}

/**
 * In the transaction that holds money for a transfer into a game, first: the member's money lock, no break, and
 * the amount fits every loss limit (racing transfers run one after the other).
 */
export async function assertMayPlay(tx: Tx, memberId: number, amount: bigint, now: Date): Promise<void> {
  await lockMemberMoney(tx, memberId);
  await assertNoBreak(tx, memberId, now);
  const over = await overLimit(tx, 'loss', memberId, amount, now);
  if (over) throw over;
}
