// A bonus chosen with a deposit that is credited in the request bringing it — a slip, a True Wallet voucher
// (docs/decisions/0042-bets-and-bonus-at-deposit.md): stored with the intent before the credit, claimed by the credit
// (recordIncoming → the promotions module's one claim function), and told in the answer. Never refuses the deposit.
import type { DepositBonusOutcome } from '@wallet/contract/bets';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import { chooseBonusForCredit, intentBonusOutcome } from '../promotions/promotions.api.ts';

export type ChosenBonus = { code: string; lang: ContentLanguage };
export type BonusOutcome = NonNullable<DepositBonusOutcome['outcome']>;
type Outcome = BonusOutcome;
type Intent = { channel: 'slip' | 'truewallet'; intentId: string };

/** Store the choice with the intent; a code that is no open deposit bonus is told as skipped, the deposit goes on. */
export async function chooseForCredit(
  deps: { db: Db; clock: Clock },
  member: { id: number; currency: string },
  intent: Intent,
  bonus: ChosenBonus,
): Promise<Outcome | null> {
  const refused = await chooseBonusForCredit(deps.db, deps.clock, member, { ...intent, ...bonus });
  return refused ? { name: bonus.code.toUpperCase(), status: 'skipped', reason: refused, amount: 0 } : null;
}

/** What became of the choice once the deposit was decided: claimed with its amount, skipped and why, or still chosen. */
export async function outcomeForAnswer(
  db: Db,
  memberId: number,
  intent: Intent,
  bonus: ChosenBonus,
  refused: Outcome | null,
): Promise<{ bonus: Outcome } | Record<string, never>> {
  if (refused) return { bonus: refused };
  const { outcome } = await intentBonusOutcome(db, memberId, intent, bonus.lang);
  return outcome ? { bonus: outcome } : {};
}
