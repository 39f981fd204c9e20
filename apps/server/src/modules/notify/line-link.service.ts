import { LINE_NOTIFICATION_KINDS, type LineNotificationKind, type LineStatus } from '@wallet/contract/notify';
import { createHmac, randomInt } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { lineLinks } from '../../db/schema/notify.ts';
import type { LineWebhookEvent } from '../../providers/line/line-webhook.ts';
import type { NotifyLanguage } from './line-templates.ts';

/** a link code lives this long (the player adds the official account and sends it) */
const LINK_CODE_TTL_MS = 15 * 60_000;
/** no 0/O or 1/I: the code is read off a phone and typed into LINE */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const CODE_IN_TEXT = new RegExp(`[${CODE_ALPHABET}]{${CODE_LENGTH}}`);

type Deps = { db: Db; clock: Clock; secret: string; addFriendUrl: string | null };

/**
 * Linking a member to a LINE user (docs/decisions/0041-line-notifications.md): a one-time code (kept as an HMAC),
 * sent by the player to the official account; the signed webhook's text message binds that LINE user to the member
 * whose code it is. One LINE user is linked to one member at most: a new link moves it.
 */
export class LineLinkService {
  constructor(private readonly deps: Deps) {}

  private hash(code: string): string {
    return createHmac('sha256', this.deps.secret).update(code).digest('base64url');
  }

  async status(memberId: number): Promise<LineStatus> {
    const [row] = await this.deps.db.select().from(lineLinks).where(eq(lineLinks.memberId, memberId));
    const muted = new Set(row?.muted ?? []);
    return {
      isAvailable: this.deps.addFriendUrl !== null,
      isLinked: Boolean(row?.lineUserId),
      isFollowing: Boolean(row?.lineUserId && row.isFollowing),
      addFriendUrl: this.deps.addFriendUrl ?? '',
      language: (row?.language as NotifyLanguage | undefined) ?? 'th',
      preferences: Object.fromEntries(LINE_NOTIFICATION_KINDS.map((k) => [k, !muted.has(k)])) as Record<
        LineNotificationKind,
        boolean
      >,
    };
  }

  /** A fresh code replaces the member's previous one. */
  async issueCode(memberId: number, language: NotifyLanguage) {
    const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + LINK_CODE_TTL_MS);
    const set = { linkCodeHash: this.hash(code), linkCodeExpiresAt: expiresAt, language, updatedAt: now };
    await this.deps.db
      .insert(lineLinks)
      .values({ memberId, ...set })
      .onConflictDoUpdate({ target: lineLinks.memberId, set });
    return { code, expiresAt: expiresAt.toISOString(), addFriendUrl: this.deps.addFriendUrl ?? '' };
  }

  async unlink(memberId: number): Promise<void> {
    await this.deps.db
      .update(lineLinks)
      .set({
        lineUserId: null,
        isFollowing: false,
        linkedAt: null,
        linkCodeHash: null,
        updatedAt: this.deps.clock.now(),
      })
      .where(eq(lineLinks.memberId, memberId));
  }

  async setPreferences(
    memberId: number,
    input: { preferences: Partial<Record<LineNotificationKind, boolean>>; language?: NotifyLanguage | undefined },
  ): Promise<LineStatus> {
    const current = await this.status(memberId);
    const merged = { ...current.preferences, ...input.preferences };
    const muted = LINE_NOTIFICATION_KINDS.filter((k) => !merged[k]);
    const set = { muted, language: input.language ?? current.language, updatedAt: this.deps.clock.now() };
    await this.deps.db
      .insert(lineLinks)
      .values({ memberId, ...set })
      .onConflictDoUpdate({ target: lineLinks.memberId, set });
    return this.status(memberId);
  }

  /** The signed webhook's events, in order: a code binds, follow and unfollow switch pushes on and off. */
  async apply(events: LineWebhookEvent[]): Promise<void> {
    for (const event of events) {
      if (event.type === 'text') await this.bind(event.userId, event.text);
      else {
        await this.deps.db
          .update(lineLinks)
          .set({ isFollowing: event.type === 'follow', updatedAt: this.deps.clock.now() })
          .where(eq(lineLinks.lineUserId, event.userId));
      }
    }
  }

  private async bind(userId: string, text: string): Promise<void> {
    const code = CODE_IN_TEXT.exec(text.toUpperCase())?.[0];
    if (!code) return;
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ memberId: lineLinks.memberId })
        .from(lineLinks)
        .where(and(eq(lineLinks.linkCodeHash, this.hash(code)), gt(lineLinks.linkCodeExpiresAt, now)))
        .for('update');
      if (!owner) return;
      await tx
        .update(lineLinks)
        .set({ lineUserId: null, isFollowing: false, linkedAt: null, updatedAt: now })
        .where(and(eq(lineLinks.lineUserId, userId), ne(lineLinks.memberId, owner.memberId)));
      await tx
        .update(lineLinks)
        .set({
          lineUserId: userId,
          isFollowing: true,
          linkedAt: now,
          linkCodeHash: null,
          linkCodeExpiresAt: null,
          updatedAt: now,
        })
        .where(eq(lineLinks.memberId, owner.memberId));
    });
  }
}
