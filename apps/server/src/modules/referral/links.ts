import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { referralLinks } from '../../db/schema/referral.ts';
import { memberChanged } from '../../lib/change-signals.ts';
import { referralFacts, type ReferralFacts } from '../account/account.api.ts';
import { deviceFingerprints } from '../auth/auth.api.ts';

export type Signal = 'bank_account' | 'phone' | 'device';
export type Link = typeof referralLinks.$inferSelect;

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * What two accounts share that one person would (DESIGN.md §9.6 self-referral): the same bank account number (at
 * another bank: the same bank and number cannot register twice); one's phone as the other's account number
 * (PromptPay) or phone. Holder names alone are not compared: common names collide.
 */
function sharedIdentity(a: ReferralFacts, b: ReferralFacts): Signal[] {
  const signals: Signal[] = [];
  if (digits(a.bankAccountNo) === digits(b.bankAccountNo)) signals.push('bank_account');
  const [phoneA, phoneB] = [digits(a.username), digits(b.username)];
  if (phoneA === phoneB || phoneA === digits(b.bankAccountNo) || phoneB === digits(a.bankAccountNo))
    signals.push('phone');
  return signals;
}

/** Whether the two members ever signed in from the same device (IP + User-Agent). */
export async function sharesDevice(db: Db | Tx, a: number, b: number): Promise<boolean> {
  const devices = await deviceFingerprints(db, [a, b]);
  const mine = devices.get(a) ?? new Set<string>();
  for (const d of devices.get(b) ?? []) if (mine.has(d)) return true;
  return false;
}

/**
 * The invitee's link, written on first need (the `member.registered` subscriber, or the first deposit if that came
 * first): null when the member registered without a valid invite code. Idempotent.
 */
export async function ensureLink(db: Db | Tx, inviteeId: number, at: Date): Promise<Link | null> {
  const [existing] = await db.select().from(referralLinks).where(eq(referralLinks.inviteeId, inviteeId));
  if (existing) return existing;
  const invitee = (await referralFacts(db, [inviteeId])).get(inviteeId);
  if (!invitee?.inviterId || invitee.inviterId === inviteeId) return null;
  const inviter = (await referralFacts(db, [invitee.inviterId])).get(invitee.inviterId);
  if (!inviter) return null;
  const signals = sharedIdentity(invitee, inviter);
  await db
    .insert(referralLinks)
    .values({
      inviteeId,
      inviterId: inviter.id,
      signals,
      flaggedAt: signals.length ? at : null,
      createdAt: at,
    })
    .onConflictDoNothing();
  // the inviter's wallet view counts invitees (`invite.fail` grew by one)
  memberChanged(inviter.id);
  const [row] = await db.select().from(referralLinks).where(eq(referralLinks.inviteeId, inviteeId));
  return row ?? null;
}

/** Add signals to a link (a device seen later): flags it if it was clean. Returns the link's signals now. */
export async function addSignals(tx: Tx, link: Link, found: Signal[], at: Date): Promise<string[]> {
  const merged = [...new Set([...link.signals, ...found])];
  if (merged.length === link.signals.length) return link.signals;
  await tx
    .update(referralLinks)
    .set({ signals: merged, flaggedAt: link.flaggedAt ?? at })
    .where(eq(referralLinks.inviteeId, link.inviteeId));
  return merged;
}
