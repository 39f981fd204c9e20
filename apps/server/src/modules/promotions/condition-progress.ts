import type { ConditionProgress } from '@wallet/contract/promotions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promotions } from '../../db/schema/promotions.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';
import { memberWallet, toMajor } from '../ledger/ledger.api.ts';
import { evaluateCondition, progressOf, runningCondition } from './condition-engine.ts';

/** `part / whole` as a number with at most 2 decimals (a multiple or a percentage shown to the player). */
const ratio = (part: bigint, whole: bigint, scale: number): number =>
  whole === 0n ? 0 : Number((part * BigInt(scale * 100)) / whole) / 100;

/**
 * GET /api/bonus/progress (issue 12, beyond the spec): the member's running condition as the player shows it, after
 * an evaluation (a condition that just succeeded or failed is no longer running). Null when none runs.
 */
export async function conditionProgress(
  deps: { db: Db; ledger: LedgerService; now: Date },
  member: AuthMember,
  lang: ContentLanguage,
): Promise<ConditionProgress | null> {
  await evaluateCondition(deps.db, member.id, deps.now);
  const c = await runningCondition(deps.db, member.id);
  if (!c) return null;
  const [promotion] = c.promotionId
    ? await deps.db.select().from(promotions).where(eq(promotions.id, c.promotionId))
    : [];
  const { progress, balance } = await progressOf(deps.db, c);
  const wallet = await deps.ledger.balance(memberWallet(c.memberId), c.currency);
  const name = promotion
    ? c.source === 'code'
      ? promotion.code
      : promotion.name[lang] || promotion.name.th || promotion.name.en
    : (c.name?.[lang] ?? '');
  const isTurnover = c.successRule === 'turnover';
  return {
    source: c.source,
    name,
    type: promotion?.kind === 'bonus' ? promotion.type : null,
    base: toMajor(c.base),
    rule: c.successRule,
    multiple: isTurnover ? (promotion?.turnoverMultiple ?? ratio(c.target, c.base, 1)) : null,
    successPercent: isTurnover ? null : (promotion?.successPercent ?? ratio(c.target, c.base, 100)),
    current: toMajor(progress < 0n ? 0n : progress),
    target: toMajor(c.target),
    percentFail: c.percentFail,
    failBelow: toMajor(c.failBelow),
    balance: toMajor(balance),
    // a cancel takes back the bonus, or what is left of it in the wallet (condition-engine cancelCondition)
    forfeit: toMajor(wallet < c.bonus ? (wallet > 0n ? wallet : 0n) : c.bonus),
    maxWithdraw: c.maxWithdraw === null ? null : toMajor(c.maxWithdraw),
    maxBet: c.maxBet === null ? null : toMajor(c.maxBet),
    startedAt: c.startedAt.toISOString(),
    updatedAt: deps.now.toISOString(),
  };
}
