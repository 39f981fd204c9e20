import { INVITE_PAGE_SIZE } from '@wallet/contract/limits';
import type { Message, PageRequest } from '@wallet/contract/common';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { referralClaimState, referralCommissions, referralLinks } from '../../db/schema/referral.ts';
import { AppError } from '../../errors.ts';
import { referralFacts } from '../account/account.api.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import {
  LEDGER_KINDS,
  lockMemberMoney,
  memberInvite,
  memberWallet,
  toMajor,
  type LedgerService,
} from '../ledger/ledger.api.ts';
import { hasRunningCondition, startCreditCondition } from '../promotions/promotions.api.ts';
import { assertNoBreak } from '../responsible-play/responsible-play.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';

type InviteList = { invites: Array<{ from: { name: string }; amount: number; createdAt: string }>; total: number };

/** The player's side of referral (docs/spec.md §7 invite): commissions earned, receiving them, invitee counts. */
export class InviteService {
  constructor(private readonly deps: { db: Db; clock: Clock; ledger: LedgerService; settings: SettingsService }) {}

  /** POST /api/invite: commissions credited to the member, newest first (10 per page: docs/spec.md §9). */
  async list(memberId: number, page: PageRequest): Promise<InviteList> {
    const { db } = this.deps;
    const limit = Math.min(page.limit, INVITE_PAGE_SIZE);
    const mine = and(eq(referralCommissions.inviterId, memberId), eq(referralCommissions.withheld, false));
    const rows = await db
      .select()
      .from(referralCommissions)
      .where(mine)
      .orderBy(desc(referralCommissions.id))
      .limit(limit)
      .offset((page.page - 1) * limit);
    const [total] = await db.select({ n: count() }).from(referralCommissions).where(mine);
    const names = await referralFacts(db, [...new Set(rows.map((r) => r.inviteeId))]);
    return {
      invites: rows.map((r) => ({
        from: { name: names.get(r.inviteeId)?.name ?? '' },
        amount: toMajor(r.commission),
        createdAt: r.createdAt.toISOString(),
      })),
      total: Number(total?.n ?? 0),
    };
  }

  /**
   * GET /api/invite/bonus: the whole invite balance into the wallet. The member's claim-state row is locked for the
   * claim and its counter is the balance version in the idempotency key (`invite:claim:{id}:{n}`): concurrent or
   * retried receives credit once, the others find nothing left (NO_INVITE_BONUS). Like every bonus (docs/design.md §4) it
   * starts a condition, a credit one with the `referralRates` percentages, so it is refused while another condition
   * runs (BONUS_REMAINING).
   */
  async receive(member: AuthMember): Promise<Message> {
    const { ledger, clock, settings } = this.deps;
    const rates = await settings.get('referralRates');
    return ledger.transaction(async (tx) => {
      // the member's money lock before the claim-state row (docs/decisions/0019)
      await lockMemberMoney(tx, member.id);
      // money into play: none during a cooling-off or self-exclusion (docs/responsible-play.md §4)
      await assertNoBreak(tx, member.id, clock.now());
      await tx.insert(referralClaimState).values({ memberId: member.id }).onConflictDoNothing();
      const [state] = await tx
        .select()
        .from(referralClaimState)
        .where(eq(referralClaimState.memberId, member.id))
        .for('update');
      const balance = await ledger.balance(memberInvite(member.id), member.currency, tx);
      if (!state || balance <= 0n) throw new AppError('NO_INVITE_BONUS');
      if (await hasRunningCondition(tx, member.id)) throw new AppError('BONUS_REMAINING');
      const version = state.claims + 1;
      const key = `invite:claim:${member.id}:${version}`;
      const now = clock.now();
      const posted = await ledger.post(
        {
          kind: LEDGER_KINDS.invite,
          currency: member.currency,
          memberId: member.id,
          idempotencyKey: key,
          metadata: { claim: version, successPercent: rates.successPercent, failPercent: rates.failPercent },
          postings: [
            { account: memberInvite(member.id), amount: -balance },
            { account: memberWallet(member.id), amount: balance },
          ],
        },
        tx,
      );
      await startCreditCondition(tx, {
        memberId: member.id,
        source: 'invite',
        sourceRef: key,
        transactionId: posted.transactionId,
        amount: balance,
        currency: member.currency,
        at: now,
        successPercent: rates.successPercent,
        failPercent: rates.failPercent,
      });
      await tx
        .update(referralClaimState)
        .set({ claims: version, lastClaimAt: now })
        .where(eq(referralClaimState.memberId, member.id));
      return { message: 'INVITE_BONUS_SUCCESS' };
    });
  }
}

/** The wallet's `invite.success` / `invite.fail`: invitees who did or did not deposit yet (docs/design.md §9.6). */
export async function inviteCounts(db: Db, memberId: number): Promise<{ success: number; fail: number }> {
  const [row] = await db
    .select({
      success: sql<number>`count(*) filter (where ${isNotNull(referralLinks.firstDepositAt)})`.mapWith(Number),
      fail: sql<number>`count(*) filter (where ${isNull(referralLinks.firstDepositAt)})`.mapWith(Number),
    })
    .from(referralLinks)
    .where(eq(referralLinks.inviterId, memberId));
  return { success: row?.success ?? 0, fail: row?.fail ?? 0 };
}
