import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { referralCommissions, referralLinks } from '../../db/schema/referral.ts';
import { house, LEDGER_KINDS, memberInvite, type LedgerService } from '../ledger/ledger.api.ts';
import { referralFacts } from '../account/account.api.ts';
import { memberChanged } from '../../lib/change-signals.ts';
import { addSignals, ensureLink, sharesDevice, type Link } from './links.ts';

export type CreditedDeposit = { memberId: number; depositId: string; amount: string; currency: string };
export type CommissionDeps = { db: Db; clock: Clock; ledger: LedgerService };

/** The percentage (two decimals at most) as hundredths of a percent: 5.25 → 525. */
const basisPoints = (percent: number) => Math.round(percent * 100);

/** The commission on a deposit, rounded down to the minor unit. */
const commissionOf = (deposit: bigint, points: number) => (deposit * BigInt(points)) / 10_000n;

/**
 * The `deposit.credited` subscriber (DESIGN.md §9.6): the invitee's inviter earns `percent` % of the deposit into
 * `member:{inviter}:invite`, once per deposit (unique row and ledger key `invite:commission:{depositId}`). A self-
 * referral (shared bank account, phone or device) earns nothing: the row is kept, withheld, for the operator.
 */
export async function creditCommission(deps: CommissionDeps, deposit: CreditedDeposit, percent: number): Promise<void> {
  const at = deps.clock.now();
  const link = await ensureLink(deps.db, deposit.memberId, at);
  if (!link) return;
  const amount = BigInt(deposit.amount);
  await payCommission(deps, deposit, link, amount, percent, at);
  // the inviter's wallet view counts invitees who deposited (`invite.success`), also when nothing was paid
  memberChanged(link.inviterId);
}

async function payCommission(
  deps: CommissionDeps,
  deposit: CreditedDeposit,
  link: Link,
  amount: bigint,
  percent: number,
  at: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // the invitee has deposited: `invite.success` of the inviter counts them
    await tx
      .update(referralLinks)
      .set({ firstDepositAt: at })
      .where(and(eq(referralLinks.inviteeId, link.inviteeId), isNull(referralLinks.firstDepositAt)));
    const points = basisPoints(percent);
    const commission = commissionOf(amount, points);
    if (commission <= 0n) return;
    const inviter = (await referralFacts(tx, [link.inviterId])).get(link.inviterId);
    // a commission is paid in the inviter's own currency only (the Lao variant lets the two differ)
    if (!inviter || inviter.currency !== deposit.currency) return;
    const device = (await sharesDevice(tx, link.inviteeId, link.inviterId)) ? (['device'] as const) : [];
    const signals = await addSignals(tx, link, [...device], at);
    const withheld = signals.length > 0;
    const [row] = await tx
      .insert(referralCommissions)
      .values({
        inviterId: link.inviterId,
        inviteeId: link.inviteeId,
        depositId: deposit.depositId,
        deposit: amount,
        basisPoints: points,
        commission,
        currency: deposit.currency,
        withheld,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: referralCommissions.id });
    if (!row || withheld) return;
    const posted = await deps.ledger.post(
      {
        kind: LEDGER_KINDS.inviteCommission,
        currency: deposit.currency,
        memberId: link.inviterId,
        idempotencyKey: `invite:commission:${deposit.depositId}`,
        reference: `commission:${row.id}`,
        metadata: { depositId: deposit.depositId, inviteeId: link.inviteeId, basisPoints: points },
        postings: [
          { account: house('invite', link.inviterId), amount: -commission },
          { account: memberInvite(link.inviterId), amount: commission },
        ],
      },
      tx,
    );
    await tx
      .update(referralCommissions)
      .set({ transactionId: posted.transactionId })
      .where(eq(referralCommissions.id, row.id));
  });
}
