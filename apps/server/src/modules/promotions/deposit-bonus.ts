// Longer than 300 lines by choice: offering, storing, claiming and skipping a chosen bonus share one set of claim rules.
// A bonus chosen on the deposit sheet (docs/decisions/0042-bets-and-bonus-at-deposit.md): offered with its amount for
// the entered deposit, stored with the deposit intent, claimed through claimPromotion inside the deposit's crediting
// transaction (a savepoint: a refusal never fails the deposit), or skipped with the reason pushed to the member.
import type { DepositBonusOption, DepositBonusOutcome } from '@wallet/contract/bets';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { depositBonusChoices, promotionClaims, promotions } from '../../db/schema/promotions.ts';
import { emit } from '../../events/emit.ts';
import { AppError } from '../../errors.ts';
import { percentOf, timesMultiple } from '../../lib/money-math.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import { lockMemberMoney, toMajor, type LedgerService } from '../ledger/ledger.api.ts';
import { claimPromotion, isOpen, periodOf, type PromotionRow } from './bonus-claim.ts';
import { balancesOf, runningCondition } from './condition-engine.ts';

type Member = { id: number; currency: string };
type ChoiceRow = typeof depositBonusChoices.$inferSelect;

/** A deposit bonus: a percent of the deposit, or one that asks for a minimum deposit. */
const isDepositBonus = (p: PromotionRow) => p.kind === 'bonus' && (p.percent > 0 || p.minDeposit > 0n);

/** What the bonus would credit for a deposit of `amount`, and its condition's target (as insertCondition sets it). */
function figuresOf(p: PromotionRow, amount: bigint): { bonus: bigint; target: bigint } {
  const raw = p.percent > 0 ? percentOf(amount, p.percent) : p.maxAmount;
  const bonus = raw < p.maxAmount ? raw : p.maxAmount;
  const base = p.percent > 0 ? bonus + amount : bonus;
  const target =
    p.successRule === 'turnover' ? timesMultiple(base, p.turnoverMultiple) : percentOf(base, p.successPercent);
  return { bonus, target };
}

async function receivedInPeriod(db: Db | Tx, p: PromotionRow, memberId: number, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promotionClaims)
    .where(
      and(
        eq(promotionClaims.promotionId, p.id),
        eq(promotionClaims.memberId, memberId),
        eq(promotionClaims.period, periodOf(p.type, at)),
      ),
    );
  return row?.n ?? 0;
}

/** What the member holds and whether a condition runs: read once for every bonus of the list. */
type MemberState = { hasRunning: boolean; held: bigint };

async function memberState(db: Db, member: Member): Promise<MemberState> {
  const hasRunning = (await runningCondition(db, member.id)) !== null;
  // the stored game balances (the claim reads the same ones at the credit, with no provider call)
  const { total } = await balancesOf(db, member.id, member.currency);
  return { hasRunning, held: total };
}

async function reasonAgainst(
  db: Db | Tx,
  p: PromotionRow,
  member: Member,
  amount: bigint,
  at: Date,
  state: MemberState,
): Promise<DepositBonusOption['reason']> {
  if (state.hasRunning) return 'BONUS_ALREADY_ACTIVE';
  if ((await receivedInPeriod(db, p, member.id, at)) >= p.maxReceived) return 'BONUS_MAX_CLAIMED';
  if (amount < p.minDeposit) return 'DEPOSIT_BELOW_MINIMUM';
  // the claim's balance rule (docs/decisions/0020): what is held besides this deposit
  if (p.maxBalanceAtClaim !== null && state.held > p.maxBalanceAtClaim) return 'BALANCE_ABOVE_MAX';
  return null;
}

/** Money as a refusal's values carry it: `1,234.50` (as the claim's own refusals). */
const shown = (minor: bigint) =>
  toMajor(minor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const text = (p: PromotionRow, lang: ContentLanguage) => p.name[lang] || p.name.th || p.name.en;

/** GET /api/bonus/deposit: the open deposit bonuses with their figures for this amount and why one cannot be chosen. */
export async function depositBonusOptions(
  db: Db,
  clock: Clock,
  member: Member,
  amount: bigint,
  lang: ContentLanguage,
): Promise<DepositBonusOption[]> {
  const now = clock.now();
  const rows = (
    await db.select().from(promotions).where(eq(promotions.kind, 'bonus')).orderBy(asc(promotions.id))
  ).filter((p) => isOpen(p, now) && isDepositBonus(p));
  const state = await memberState(db, member);
  const options: DepositBonusOption[] = [];
  for (const p of rows) {
    const { bonus, target } = figuresOf(p, amount);
    if (bonus <= 0n) continue;
    options.push({
      code: p.code,
      name: text(p, lang),
      bonus: toMajor(bonus),
      successRule: p.successRule,
      target: toMajor(target),
      minDeposit: toMajor(p.minDeposit),
      maxBalanceAtClaim: p.maxBalanceAtClaim === null ? null : toMajor(p.maxBalanceAtClaim),
      reason: await reasonAgainst(db, p, member, amount, now, state),
    });
  }
  return options;
}

/**
 * Store the member's choice with a deposit intent (a QR). Refused with the claim's own codes when it cannot apply now:
 * NO_PROMOTION (unknown, closed, not a deposit bonus), BONUS_ALREADY_ACTIVE, BONUS_MAX_CLAIMED, BONUS_CONDITION
 * (amount below the minimum). What changes before the money arrives is decided again at the credit.
 */
export async function chooseDepositBonus(
  db: Db,
  clock: Clock,
  member: Member,
  intent: { channel: string; intentId: string; code: string; amount: bigint; lang: ContentLanguage },
): Promise<void> {
  const now = clock.now();
  const [p] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.code, intent.code.toUpperCase()), eq(promotions.kind, 'bonus')));
  if (!p || !isOpen(p, now) || !isDepositBonus(p)) throw new AppError('NO_PROMOTION');
  const state = await memberState(db, member);
  const reason = await reasonAgainst(db, p, member, intent.amount, now, state);
  if (reason === 'DEPOSIT_BELOW_MINIMUM')
    throw new AppError('BONUS_CONDITION', undefined, { reason, values: { min: shown(p.minDeposit) } });
  if (reason === 'BALANCE_ABOVE_MAX')
    throw new AppError('BONUS_CONDITION', undefined, {
      reason,
      values: { max: shown(p.maxBalanceAtClaim ?? 0n), balance: shown(state.held) },
    });
  if (reason) throw new AppError(reason);
  // one choice per intent: a later one for the same QR keeps the first
  await db
    .insert(depositBonusChoices)
    .values({
      memberId: member.id,
      channel: intent.channel,
      intentId: intent.intentId,
      promotionId: p.id,
      lang: intent.lang,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Store the member's choice with a deposit that is credited in the request that brings it (a slip, a True Wallet
 * voucher: the amount is not known before). Nothing is refused here — a refusal never fails the deposit: the claim at
 * the credit decides, with every rule of a claim, and the member is told. Answers NO_PROMOTION (nothing stored) for a
 * code that is no open deposit bonus, else null.
 */
export async function chooseBonusForCredit(
  db: Db,
  clock: Clock,
  member: Member,
  intent: { channel: string; intentId: string; code: string; lang: ContentLanguage },
): Promise<'NO_PROMOTION' | null> {
  const now = clock.now();
  const [p] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.code, intent.code.toUpperCase()), eq(promotions.kind, 'bonus')));
  if (!p || !isOpen(p, now) || !isDepositBonus(p)) return 'NO_PROMOTION';
  await db
    .insert(depositBonusChoices)
    .values({
      memberId: member.id,
      channel: intent.channel,
      intentId: intent.intentId,
      promotionId: p.id,
      lang: intent.lang,
      createdAt: now,
    })
    .onConflictDoNothing();
  return null;
}

/**
 * The choice waiting on this intent, locked for this crediting transaction, with the member's money lock taken
 * first (docs/decisions/0019: before the deposit's posting touches the wallet row). Null when none waits.
 */
export async function pendingDepositBonus(
  tx: Tx,
  intent: { memberId: number; channel: string; intentId: string | null },
): Promise<ChoiceRow | null> {
  if (!intent.intentId) return null;
  const where = and(
    eq(depositBonusChoices.channel, intent.channel),
    eq(depositBonusChoices.intentId, intent.intentId),
    eq(depositBonusChoices.memberId, intent.memberId),
    eq(depositBonusChoices.status, 'chosen'),
  );
  const [seen] = await tx.select({ id: depositBonusChoices.id }).from(depositBonusChoices).where(where);
  if (!seen) return null;
  await lockMemberMoney(tx, intent.memberId);
  const [row] = await tx.select().from(depositBonusChoices).where(where).for('update');
  return row ?? null;
}

/** Why a claim was refused, as the member is told: the error code (with its reason for BONUS_CONDITION). */
function refusalOf(err: unknown): string | null {
  if (!(err instanceof AppError)) return null;
  const reason = err.detail?.reason;
  return err.code === 'BONUS_CONDITION' && reason ? reason : err.code;
}

/**
 * Claim the chosen bonus in the crediting transaction, after the deposit's posting (it is the qualifying deposit), or
 * skip it (`isHeld`: the deposit waits for an operator). Once per choice (its row is locked and leaves `chosen`); a
 * refusal of the claim (AppError) is recorded and pushed, anything else still fails the transaction.
 */
export async function settleDepositBonus(
  ledger: LedgerService,
  tx: Tx,
  choice: ChoiceRow,
  deposit: { depositId: string; currency: string; at: Date; isHeld: boolean },
): Promise<void> {
  const [p] = await tx.select().from(promotions).where(eq(promotions.id, choice.promotionId));
  const code = p?.code ?? '';
  let outcome: { status: 'claimed' | 'skipped'; reason: string | null; amount: bigint; conditionId: number | null };
  if (deposit.isHeld) outcome = { status: 'skipped', reason: 'HELD_FOR_REVIEW', amount: 0n, conditionId: null };
  else {
    try {
      const claim = await claimPromotion(
        { db: tx, clock: { now: () => deposit.at }, ledger },
        { id: choice.memberId, currency: deposit.currency },
        code,
        'bonus',
        choice.lang as ContentLanguage,
        tx,
      );
      const [row] = await tx
        .select({ amount: promotionClaims.amount })
        .from(promotionClaims)
        .where(eq(promotionClaims.id, claim.claimId));
      outcome = { status: 'claimed', reason: null, amount: row?.amount ?? 0n, conditionId: claim.conditionId };
    } catch (err) {
      const reason = refusalOf(err);
      if (reason === null) throw err;
      outcome = { status: 'skipped', reason, amount: 0n, conditionId: null };
    }
  }
  await tx
    .update(depositBonusChoices)
    .set({
      status: outcome.status,
      reason: outcome.reason,
      depositId: deposit.depositId,
      conditionId: outcome.conditionId,
      decidedAt: deposit.at,
    })
    .where(and(eq(depositBonusChoices.id, choice.id), eq(depositBonusChoices.status, 'chosen')));
  await emit(tx, {
    type: 'deposit.bonus',
    payload: {
      memberId: choice.memberId,
      depositId: deposit.depositId,
      code,
      status: outcome.status,
      reason: outcome.reason,
      amount: outcome.amount.toString(),
    },
  });
}

/** GET /api/bonus/deposit/{depositId}: the member's own deposit only (another's answers null, like none chosen). */
export function depositBonusOutcome(
  db: Db,
  memberId: number,
  depositId: string,
  lang: ContentLanguage,
): Promise<DepositBonusOutcome> {
  return outcomeOf(
    db,
    and(eq(depositBonusChoices.depositId, depositId), eq(depositBonusChoices.memberId, memberId)),
    lang,
  );
}

/** What became of the bonus chosen with one of the member's deposit intents (a slip, a voucher), as the answer tells it. */
export function intentBonusOutcome(
  db: Db,
  memberId: number,
  intent: { channel: string; intentId: string },
  lang: ContentLanguage,
): Promise<DepositBonusOutcome> {
  return outcomeOf(
    db,
    and(
      eq(depositBonusChoices.channel, intent.channel),
      eq(depositBonusChoices.intentId, intent.intentId),
      eq(depositBonusChoices.memberId, memberId),
    ),
    lang,
  );
}

async function outcomeOf(db: Db, where: SQL | undefined, lang: ContentLanguage): Promise<DepositBonusOutcome> {
  const [row] = await db
    .select({ choice: depositBonusChoices, promotion: promotions })
    .from(depositBonusChoices)
    .innerJoin(promotions, eq(promotions.id, depositBonusChoices.promotionId))
    .where(where);
  if (!row) return { outcome: null };
  const [claim] = row.choice.conditionId
    ? await db
        .select({ amount: promotionClaims.amount })
        .from(promotionClaims)
        .where(eq(promotionClaims.conditionId, row.choice.conditionId))
    : [];
  return {
    outcome: {
      name: text(row.promotion, lang),
      status: row.choice.status,
      reason: row.choice.reason,
      amount: toMajor(claim?.amount ?? 0n),
    },
  };
}
