import type { LineNotificationKind } from '@wallet/contract/notify';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { lineDeliveries, lineLinks } from '../../db/schema/notify.ts';
import type { LineMessenger } from '../../providers/line/line-port.ts';
import { lineText, type NotifyLanguage } from './line-templates.ts';

/** What the `line-push` job carries: one notification of one outbox event to one member. */
export type LinePushJob = {
  retryKey: string;
  memberId: number;
  kind: LineNotificationKind;
  values: Record<string, string>;
};

/**
 * The `X-Line-Retry-Key` of a notification: a UUID (the format LINE requires) derived from the outbox event id and
 * what is sent, so every redelivery of the event and every retry of the job carries the same key.
 */
export function retryKeyOf(eventId: number, purpose: string): string {
  const hex = createHash('sha256').update(`line:${eventId}:${purpose}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Deps = { db: Db; clock: Clock; messenger: () => LineMessenger };

/**
 * Deliver one member notification, at least once and at most one message (docs/decisions/0041-line-notifications.md):
 * a recorded delivery ends it; no link, an unfollowed account or a muted kind is recorded as skipped; LINE's refusal
 * for good as refused; a failure worth retrying throws for the job runner's backoff (same retry key each time).
 */
export async function deliverLinePush(deps: Deps, job: LinePushJob): Promise<{ status: string }> {
  const [done] = await deps.db
    .select({ status: lineDeliveries.status })
    .from(lineDeliveries)
    .where(eq(lineDeliveries.retryKey, job.retryKey));
  if (done) return { status: `already ${done.status}` };
  const [link] = await deps.db.select().from(lineLinks).where(eq(lineLinks.memberId, job.memberId));
  const record = async (status: 'sent' | 'skipped' | 'refused', detail: string | null) => {
    await deps.db
      .insert(lineDeliveries)
      .values({
        retryKey: job.retryKey,
        memberId: job.memberId,
        kind: job.kind,
        status,
        detail,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing();
    return { status };
  };
  if (!link?.lineUserId) return record('skipped', 'not linked');
  if (!link.isFollowing) return record('skipped', 'unfollowed');
  if (link.muted.includes(job.kind)) return record('skipped', 'muted');
  const text = lineText(job.kind, link.language as NotifyLanguage, job.values);
  const outcome = await deps.messenger().push(link.lineUserId, [text], job.retryKey);
  if (outcome.kind === 'refused') return record('refused', `${outcome.status} ${outcome.detail}`.slice(0, 200));
  return record('sent', outcome.kind === 'duplicate' ? 'accepted earlier' : null);
}

/** What the `line-alert` job carries: one operator alert to the operators' LINE group. */
export type LineAlertJob = { retryKey: string; groupId: string; kind: string; text: string };

/** Deliver one operator alert to the LINE group, once (the same rules as a member notification, without a link). */
export async function deliverLineAlert(deps: Deps, job: LineAlertJob): Promise<{ status: string }> {
  const [done] = await deps.db
    .select({ status: lineDeliveries.status })
    .from(lineDeliveries)
    .where(eq(lineDeliveries.retryKey, job.retryKey));
  if (done) return { status: `already ${done.status}` };
  const outcome = await deps.messenger().push(job.groupId, [job.text], job.retryKey);
  const status = outcome.kind === 'refused' ? 'refused' : 'sent';
  await deps.db
    .insert(lineDeliveries)
    .values({
      retryKey: job.retryKey,
      memberId: null,
      kind: job.kind,
      status,
      detail: outcome.kind === 'refused' ? `${outcome.status} ${outcome.detail}`.slice(0, 200) : null,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing();
  return { status };
}
