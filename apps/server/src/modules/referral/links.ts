import type { SELF_REFERRAL_SIGNALS } from '@wallet/contract/admin/referral-refunds';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { referralLinks } from '../../db/schema/referral.ts';
import { memberChanged } from '../../lib/change-signals.ts';
import { referralFacts, type ReferralFacts } from '../account/account.api.ts';
import { deviceFingerprints, sharedSessionAddresses } from '../auth/auth.api.ts';

type Signal = (typeof SELF_REFERRAL_SIGNALS)[number];
export type Link = typeof referralLinks.$inferSelect;
/** What the sessions of two members show: signals and the addresses behind `shared_ip`. */
export type Found = { signals: Signal[]; addresses: string[] };

const HOUR_MS = 3_600_000;

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * What two accounts share that one person would (docs/design.md §9.6 self-referral): the same bank account number (at
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
async function sharesDevice(db: Db | Tx, a: number, b: number): Promise<boolean> {
  const devices = await deviceFingerprints(db, [a, b]);
  const mine = devices.get(a) ?? new Set<string>();
  for (const d of devices.get(b) ?? []) if (mine.has(d)) return true;
  return false;
}

/**
 * What the two members' sessions share: a device (IP + browser) and the addresses both signed in from within
 * `sharedAddressHours` of each other, whatever the browser (one line, a second browser: docs/decisions/0026-abuse-limits.md).
 */
export async function sessionSignals(db: Db | Tx, a: number, b: number, sharedAddressHours: number): Promise<Found> {
  const device = await sharesDevice(db, a, b);
  // 0 hours turns the address signal off
  const addresses = sharedAddressHours > 0 ? await sharedSessionAddresses(db, a, b, sharedAddressHours * HOUR_MS) : [];
  const signals: Signal[] = [
    ...(device ? (['device'] as const) : []),
    ...(addresses.length ? (['shared_ip'] as const) : []),
  ];
  return { signals, addresses };
}

/**
 * The invitee's link, written on first need (the `member.registered` subscriber, or the first deposit if that came
 * first): null when the member registered without a valid invite code. Idempotent. A link with any signal is held
 * for review from the start.
 */
export async function ensureLink(
  db: Db | Tx,
  inviteeId: number,
  at: Date,
  sharedAddressHours: number,
): Promise<Link | null> {
  const [existing] = await db.select().from(referralLinks).where(eq(referralLinks.inviteeId, inviteeId));
  if (existing) return existing;
  const invitee = (await referralFacts(db, [inviteeId])).get(inviteeId);
  if (!invitee?.inviterId || invitee.inviterId === inviteeId) return null;
  const inviter = (await referralFacts(db, [invitee.inviterId])).get(invitee.inviterId);
  if (!inviter) return null;
  const sessions = await sessionSignals(db, inviteeId, inviter.id, sharedAddressHours);
  const signals = [...sharedIdentity(invitee, inviter), ...sessions.signals];
  await db
    .insert(referralLinks)
    .values({
      inviteeId,
      inviterId: inviter.id,
      signals,
      sharedAddresses: sessions.addresses,
      flaggedAt: signals.length ? at : null,
      review: signals.length ? 'held' : 'clear',
      createdAt: at,
    })
    .onConflictDoNothing();
  // the inviter's wallet view counts invitees (`invite.fail` grew by one)
  memberChanged(inviter.id);
  const [row] = await db.select().from(referralLinks).where(eq(referralLinks.inviteeId, inviteeId));
  return row ?? null;
}

/**
 * Add what was found later (a device, an address) to a link: a new signal flags a clear link and holds an approved
 * one again for review (a rejected one stays rejected). Returns the link as it is now.
 */
export async function addSignals(tx: Tx, link: Link, found: Found, at: Date): Promise<Link> {
  const signals = [...new Set([...link.signals, ...found.signals])];
  const sharedAddresses = [...new Set([...link.sharedAddresses, ...found.addresses])].sort();
  const hasNewSignal = signals.length !== link.signals.length;
  if (!hasNewSignal && sharedAddresses.length === link.sharedAddresses.length) return link;
  const review = hasNewSignal && link.review !== 'rejected' ? 'held' : link.review;
  const next = { signals, sharedAddresses, flaggedAt: link.flaggedAt ?? at, review };
  await tx.update(referralLinks).set(next).where(eq(referralLinks.inviteeId, link.inviteeId));
  return { ...link, ...next };
}
