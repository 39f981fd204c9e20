import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { referralCommissions, referralLinks } from '../../db/schema/referral.ts';
import { house, LEDGER_KINDS, memberInvite, type LedgerService } from '../ledger/ledger.api.ts';
import { referralFacts } from '../account/account.api.ts';
import { memberChanged } from '../../lib/change-signals.ts';
import { addSignals, ensureLink, sessionSignals, type Link } from './links.ts';
import { basisPoints } from '../../lib/money-math.ts';

export type CreditedDeposit = { memberId: number; depositId: string; amount: string; currency: string };
export type CommissionDeps = { db: Db; clock: Clock; ledger: LedgerService };
/** `referralRates.depositPercent` and `selfReferralSignals.sharedAddressHours` */
export type CommissionRules = { percent: number; sharedAddressHours: number };

/** The percentage (two decimals at most) as hundredths of a percent: 5.25 → 525. */

/** The commission on a deposit, rounded down to the minor unit. */
const commissionOf = (deposit: bigint, points: number) => (deposit * BigInt(points)) / 10_000n;

/**
 * The `deposit.credited` subscriber (docs/design.md §9.6): the invitee's inviter earns `percent` % of the deposit into
 * `member:{inviter}:invite`, once per deposit (unique row and ledger key `invite:commission:{depositId}`). A possible
 * self-referral (shared bank account, phone, device or address) earns nothing yet: the row is kept `held` until an
 * operator approves (paid then, under the same key) or rejects it (referral-review.ts).
 */
export async function creditCommission(
  deps: CommissionDeps,
  deposit: CreditedDeposit,
  rules: CommissionRules,
): Promise<void> {
  const at = deps.clock.now();
  const link = await ensureLink(deps.db, deposit.memberId, at, rules.sharedAddressHours);
  if (!link) return;
  await payCommission(deps, deposit, link, rules, at);
  // the inviter's wallet view counts invitees who deposited (`invite.success`), also when nothing was paid
  memberChanged(link.inviterId);
}

/** What a new commission on a link becomes: held while it waits for review (a flagged link), refused once rejected. */
function statusFor(link: Link): 'paid' | 'held' | 'rejected' {
  if (link.review === 'rejected') return 'rejected';
  if (link.review === 'held' || (link.review === 'clear' && link.signals.length > 0)) return 'held';
  return 'paid';
}

async function payCommission(
  deps: CommissionDeps,
  deposit: CreditedDeposit,
  found: Link,
  rules: CommissionRules,
  at: Date,
): Promise<void> {
  const amount = BigInt(deposit.amount);
  await deps.ledger.transaction(async (tx) => {
    // the link row is locked: an operator's review of it waits for this commission, and the reverse
    const [locked] = await tx
      .select()
      .from(referralLinks)
      .where(eq(referralLinks.inviteeId, found.inviteeId))
      .for('update');
    if (!locked) return;
    // the invitee has deposited: `invite.success` of the inviter counts them
    await tx
      .update(referralLinks)
      .set({ firstDepositAt: at })
      .where(and(eq(referralLinks.inviteeId, locked.inviteeId), isNull(referralLinks.firstDepositAt)));
    const points = basisPoints(rules.percent);
    const commission = commissionOf(amount, points);
    if (commission <= 0n) return;
    const inviter = (await referralFacts(tx, [locked.inviterId])).get(locked.inviterId);
    // a commission is paid in the inviter's own currency only (the Lao variant lets the two differ)
    if (!inviter || inviter.currency !== deposit.currency) return;
    const sessions = await sessionSignals(tx, locked.inviteeId, locked.inviterId, rules.sharedAddressHours);
    const link = await addSignals(tx, locked, sessions, at);
    const status = statusFor(link);
    const withheld = status !== 'paid';
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
        status,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: referralCommissions.id });
    if (!row || withheld) return;
    await postCommission(tx, deps.ledger, {
      id: row.id,
      ...link,
      depositId: deposit.depositId,
      commission,
      currency: deposit.currency,
      basisPoints: points,
    });
  });
}

export type CommissionToPay = {
  id: number;
  inviterId: number;
  inviteeId: number;
  depositId: string;
  commission: bigint;
  currency: string;
  basisPoints: number;
};

/** The ledger posting of one commission (`house:invite → member:{inviter}:invite`), recorded on its row. */
export async function postCommission(tx: Tx, ledger: LedgerService, c: CommissionToPay): Promise<void> {
  const posted = await ledger.post(
    {
      kind: LEDGER_KINDS.inviteCommission,
      currency: c.currency,
      memberId: c.inviterId,
      idempotencyKey: `invite:commission:${c.depositId}`,
      reference: `commission:${c.id}`,
      metadata: { depositId: c.depositId, inviteeId: c.inviteeId, basisPoints: c.basisPoints },
      postings: [
        { account: house('invite', c.inviterId), amount: -c.commission },
        { account: memberInvite(c.inviterId), amount: c.commission },
      ],
    },
    tx,
  );
  await tx
    .update(referralCommissions)
    .set({ transactionId: posted.transactionId })
    .where(eq(referralCommissions.id, c.id));
}
