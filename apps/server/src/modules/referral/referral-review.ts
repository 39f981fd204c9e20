import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { referralCommissions, referralLinks } from '../../db/schema/referral.ts';
import { AppError } from '../../errors.ts';
import { memberChanged } from '../../lib/change-signals.ts';
import { appendAudit } from '../audit/audit.api.ts';
import type { AuthOperator } from '../auth/auth.api.ts';
import { toMajor, type LedgerService } from '../ledger/ledger.api.ts';
import { postCommission } from './commission.ts';
import type { ReferralAdminService } from './referral-admin.service.ts';

export type ReviewDecision = { decision: 'approve' | 'reject'; reason: string };

/**
 * An operator's review of a flagged invite (docs/decisions/0026-abuse-limits.md; role marketing). Approve pays every held commission of
 * the invitee (each under its own `invite:commission:{depositId}` key, so nothing is paid twice) and later ones
 * too, until a new signal holds the link again; reject refuses the held ones and every later one. One transaction
 * with the link row locked (a commission being recorded waits), audited `referral.approve` / `referral.reject`. The
 * same decision again answers the flag unchanged; the opposite of a final decision is KEY_INVALID.
 */
export class ReferralReview {
  constructor(private readonly deps: { db: Db; clock: Clock; ledger: LedgerService; admin: ReferralAdminService }) {}

  async review(operator: AuthOperator, inviteeId: number, input: ReviewDecision, ip: string | null) {
    const { db, clock, ledger, admin } = this.deps;
    const target = input.decision === 'approve' ? 'approved' : 'rejected';
    const result = await db.transaction(async (tx) => {
      const [link] = await tx.select().from(referralLinks).where(eq(referralLinks.inviteeId, inviteeId)).for('update');
      if (!link || link.signals.length === 0) throw new AppError('NOT_FOUND');
      if (link.review === target) return { link, changed: false };
      if (link.review !== 'held' && link.review !== 'clear') throw new AppError('KEY_INVALID');
      const held = await tx
        .select()
        .from(referralCommissions)
        .where(and(eq(referralCommissions.inviteeId, inviteeId), eq(referralCommissions.status, 'held')))
        .orderBy(referralCommissions.id)
        .for('update');
      const total = held.reduce((sum, c) => sum + c.commission, 0n);
      for (const c of held) {
        if (target === 'approved') await postCommission(tx, ledger, c);
        await tx
          .update(referralCommissions)
          .set({ status: target, withheld: target === 'rejected' })
          .where(eq(referralCommissions.id, c.id));
      }
      const at = clock.now();
      await tx
        .update(referralLinks)
        .set({ review: target, reviewedBy: operator.username, reviewedAt: at, reviewReason: input.reason })
        .where(eq(referralLinks.inviteeId, inviteeId));
      await appendAudit(
        tx,
        {
          actor: operator,
          action: `referral.${input.decision}`,
          target: `referral:${inviteeId}`,
          before: { review: link.review, signals: link.signals, sharedAddresses: link.sharedAddresses },
          after: {
            review: target,
            inviterId: link.inviterId,
            commissions: held.map((c) => c.id),
            [target === 'approved' ? 'paid' : 'refused']: toMajor(total),
            reason: input.reason,
          },
          ip,
        },
        at,
      );
      return { link, changed: true };
    });
    // the inviter's invite balance changed (approve); their wallet view is read again
    if (result.changed) memberChanged(result.link.inviterId);
    return { flag: await admin.flag(inviteeId) };
  }
}
