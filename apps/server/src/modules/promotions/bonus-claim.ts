import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { promotionClaims, promotionConditions, promotions } from '../../db/schema/promotions.ts';
import { AppError } from '../../errors.ts';
import { bangkokDate, bangkokWeekStart } from '../../lib/bangkok-time.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';
import { house, LEDGER_KINDS, lockMemberMoney, memberWallet, toMajor } from '../ledger/ledger.api.ts';
import { assertNoBreak } from '../responsible-play/responsible-play.api.ts';
import { balancesOf, insertCondition, runningCondition } from './condition-engine.ts';
import { withRows } from '../../db/raw.ts';
import { percentOf } from '../../lib/money-math.ts';

export type PromotionRow = typeof promotions.$inferSelect;
export type ClaimDeps = {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  /** reads the member's game balances from the providers before a claim weighs them (maxBalanceAtClaim) */
  refreshGames?: (memberId: number) => Promise<void>;
};

/** The receive-limit period of a claim at `at` (Asia/Bangkok days, weeks from Monday). */
export function periodOf(type: PromotionRow['type'], at: Date): string {
  if (type === 'day') return `day:${bangkokDate(at)}`;
  if (type === 'week') return `week:${bangkokDate(bangkokWeekStart(at))}`;
  return 'limit';
}

/** Whether players may claim it now: active and inside its schedule. */
export const isOpen = (p: PromotionRow, at: Date) =>
  p.isActive && (!p.startsAt || p.startsAt <= at) && (!p.endsAt || p.endsAt > at);

/**
 * The member's latest deposit credited after their last claim (a deposit qualifies one bonus): its wallet amount,
 * or null. Ledger ids grow with time, so "after" compares transaction ids, not clocks.
 */
async function qualifyingDeposit(tx: Tx, memberId: number, currency: string): Promise<bigint | null> {
  const [last] = await tx
    .select({ transactionId: promotionConditions.transactionId })
    .from(promotionClaims)
    .innerJoin(promotionConditions, eq(promotionConditions.id, promotionClaims.conditionId))
    .where(eq(promotionClaims.memberId, memberId))
    .orderBy(desc(promotionClaims.id))
    .limit(1);
  const result = await tx.execute(sql`
    select e.amount::text as amount
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.code = ${memberWallet(memberId)} and a.currency = ${currency}
    where t.member_id = ${memberId} and t.kind = ${LEDGER_KINDS.deposit} and t.id > ${last?.transactionId ?? 0n}
    order by t.id desc limit 1`);
  const row = withRows<{ amount: string }>(result).rows[0];
  return row ? BigInt(row.amount) : null;
}

/** Money as the refusal's values carry it: `1,234.50`. */
const shown = (minor: bigint) =>
  toMajor(minor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Bonus and base of a claim: percent of the qualifying deposit capped at maxAmount, or maxAmount when percent is 0.
 * Also the qualifying deposit (0 when the promotion needs none), which the balance rule does not count.
 */
async function amountsOf(
  tx: Tx,
  p: PromotionRow,
  member: Pick<AuthMember, 'id' | 'currency'>,
): Promise<{ bonus: bigint; base: bigint; deposit: bigint }> {
  const needsDeposit = p.percent > 0 || p.minDeposit > 0n;
  const deposit = needsDeposit ? await qualifyingDeposit(tx, member.id, member.currency) : null;
  if (needsDeposit && deposit === null) throw new AppError('BONUS_CONDITION', undefined, { reason: 'NO_DEPOSIT' });
  if (needsDeposit && deposit !== null && deposit < p.minDeposit) {
    throw new AppError('BONUS_CONDITION', undefined, {
      reason: 'DEPOSIT_BELOW_MINIMUM',
      values: { min: shown(p.minDeposit) },
    });
  }
  if (p.percent <= 0) return { bonus: p.maxAmount, base: p.maxAmount, deposit: deposit ?? 0n };
  const raw = percentOf(deposit ?? 0n, p.percent);
  const bonus = raw < p.maxAmount ? raw : p.maxAmount;
  if (bonus <= 0n) throw new AppError('BONUS_CONDITION', undefined, { reason: 'NO_DEPOSIT' });
  return { bonus, base: bonus + (deposit ?? 0n), deposit: deposit ?? 0n };
}

/**
 * The claim-time balance rule (docs/decisions/0020-bonus-cancel-and-claim-rules.md): a member who already holds more
 * than the promotion's maxBalanceAtClaim — wallet, games and money in flight to a game, the qualifying deposit not
 * counted — is refused, so a credit rule cannot be met by money held before the claim. Read in the claim's
 * transaction (after the member's lock), from the stored game balances.
 */
async function checkBalanceAtClaim(
  tx: Tx,
  p: PromotionRow,
  member: Pick<AuthMember, 'id' | 'currency'>,
  deposit: bigint,
): Promise<void> {
  if (p.maxBalanceAtClaim === null) return;
  const { total } = await balancesOf(tx, member.id, member.currency);
  const held = total - deposit;
  if (held <= p.maxBalanceAtClaim) return;
  throw new AppError('BONUS_CONDITION', undefined, {
    reason: 'BALANCE_ABOVE_MAX',
    values: { max: shown(p.maxBalanceAtClaim), balance: shown(held) },
  });
}

/**
 * Claim a bonus (`kind` bonus) or a promotion code (`kind` code): refused while a condition runs or once the
 * receive limit of the period is reached; else credit from `house:promotion` under a key derived from member +
 * promotion + period + receipt number (a retried GET replays the same posting) and start the condition, all in one
 * transaction. Concurrent claims: unique indexes let one through (the others answer BONUS_ALREADY_ACTIVE).
 */
export async function claimPromotion(
  deps: Omit<ClaimDeps, 'db'> & { db: Db | Tx },
  member: Pick<AuthMember, 'id' | 'currency'>,
  code: string,
  kind: PromotionRow['kind'],
  lang: ContentLanguage,
  /**
   * the caller's money transaction (a deposit's credit, docs/decisions/0042-bets-and-bonus-at-deposit.md; `deps.db` is
   * then that transaction too): the claim runs in a savepoint of it, so a refusal undoes only the claim; the game
   * balances are the stored ones (no provider call)
   */
  within?: Tx,
): Promise<{ promotion: PromotionRow; conditionId: number; claimId: number }> {
  const now = deps.clock.now();
  const [p] = await deps.db
    .select()
    .from(promotions)
    .where(and(eq(promotions.code, code.toUpperCase()), eq(promotions.kind, kind)));
  if (!p || !isOpen(p, now)) throw new AppError('NO_PROMOTION');
  // no bonus during a cooling-off or self-exclusion (docs/decisions/0039)
  await assertNoBreak(deps.db, member.id, now);
  if (p.maxBalanceAtClaim !== null && !within) await deps.refreshGames?.(member.id);
  const inTransaction = <T>(run: (tx: Tx) => Promise<T>) =>
    within ? within.transaction(run) : deps.ledger.transaction(run);
  try {
    return await inTransaction(async (tx) => {
      // the member's money lock before anything is read (docs/decisions/0019): a withdrawal never runs between
      // this claim's checks and its commit
      await lockMemberMoney(tx, member.id);
      if (await runningCondition(tx, member.id)) throw new AppError('BONUS_ALREADY_ACTIVE');
      const period = periodOf(p.type, now);
      const [received] = await tx
        .select({ n: count() })
        .from(promotionClaims)
        .where(
          and(
            eq(promotionClaims.promotionId, p.id),
            eq(promotionClaims.memberId, member.id),
            eq(promotionClaims.period, period),
          ),
        );
      const seq = (received?.n ?? 0) + 1;
      if (seq > p.maxReceived) throw new AppError(kind === 'code' ? 'PROMOTION_RECEIVED' : 'BONUS_MAX_CLAIMED');
      const { bonus, base, deposit } = await amountsOf(tx, p, member);
      await checkBalanceAtClaim(tx, p, member, deposit);
      const ref = `promo:${p.id}:member:${member.id}:${period}:${seq}`;
      // every language's name: the statement shows the reader's (statement-rows.ts), whatever the claim's language
      const name = p.name;
      const { transactionId } = await deps.ledger.post(
        {
          kind: kind === 'code' ? LEDGER_KINDS.promotion : LEDGER_KINDS.bonus,
          currency: member.currency,
          memberId: member.id,
          idempotencyKey: ref,
          metadata: { promotionId: p.id, code: p.code, name, description: name },
          postings: [
            { account: memberWallet(member.id), amount: bonus },
            { account: house('promotion', member.id), amount: -bonus },
          ],
        },
        tx,
      );
      const { conditionId } = await insertCondition(tx, {
        memberId: member.id,
        source: kind,
        sourceRef: ref,
        promotionId: p.id,
        transactionId,
        bonus,
        base,
        currency: member.currency,
        at: now,
        successRule: p.successRule,
        turnoverMultiple: p.turnoverMultiple,
        successPercent: p.successPercent,
        percentFail: p.percentFail,
        maxWithdrawMultiple: p.maxWithdrawMultiple,
        maxBet: p.maxBet,
        name: p.name,
      });
      const [claim] = await tx
        .insert(promotionClaims)
        .values({ promotionId: p.id, memberId: member.id, period, seq, amount: bonus, conditionId, createdAt: now })
        .returning({ id: promotionClaims.id });
      if (!claim) throw new Error('promotions: claim insert returned nothing');
      return { promotion: p, conditionId, claimId: claim.id };
    });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('BONUS_ALREADY_ACTIVE');
    throw err;
  }
}
