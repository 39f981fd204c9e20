import { randomUUID } from 'node:crypto';
import type { ChatStatus } from '@wallet/contract/admin/chat';
import type { Conversation } from '@wallet/contract/chat';
import { CHAT_TEXT_MAX_CHARS } from '@wallet/contract/limits';
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { chatConversationLabels, chatConversations, chatMedia, chatMessages } from '../../db/schema/chat.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../events/emit.ts';
import { queueChanged } from '../../realtime/queue-signals.ts';

type ChatMessage = Conversation['message'];
type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** Who is chatting: a member (by its id) or a guest (by the guest id its signed token carries). */
export type ChatParty =
  { kind: 'member'; memberId: number; name: string; username: string } | { kind: 'guest'; guestId: string };

export type ChatOperator = { id: number; username: string };

/** The cap on open guest conversations: the caller's client address and how many may be open from it. */
export type GuestCap = { address: string; maxOpen: number };
/** advisory-lock namespace of the per-address guest cap ('CG') */
const GUEST_ADDRESS_LOCK = 0x4347;

export const partyKey = (party: ChatParty) =>
  party.kind === 'member' ? `member:${party.memberId}` : `guest:${party.guestId}`;

export const newSession = () => randomUUID();

/** A short preview of a message for the inbox row. */
function previewOf(message: ChatMessage): string {
  switch (message.message_type) {
    case 'text':
    case 'postback':
      return typeof message.payload === 'string' ? message.payload.slice(0, 120) : '';
    case 'media': {
      const media = message.payload as { fileType?: string } | undefined;
      return `[${media?.fileType ?? 'file'}]`;
    }
    default:
      return `[${message.message_type}]`;
  }
}

/** The media keys a message carries (media payload; generic cards' images are URLs, not uploads). */
function mediaKeyOf(message: ChatMessage): string | null {
  if (message.message_type !== 'media') return null;
  const payload = message.payload;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new AppError('KEY_INVALID');
  if (payload.url) return null;
  return payload.filePath;
}

export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async conversationOf(party: ChatParty, tx: Db | Tx = this.db): Promise<ConversationRow | undefined> {
    const where =
      party.kind === 'member'
        ? eq(chatConversations.memberId, party.memberId)
        : eq(chatConversations.guestId, party.guestId);
    const [row] = await tx.select().from(chatConversations).where(where).limit(1);
    return row;
  }

  /** Support messages the member has not read (0 without a conversation). */
  async unreadOfMember(memberId: number): Promise<number> {
    const [row] = await this.db
      .select({ unread: chatConversations.unreadCustomer })
      .from(chatConversations)
      .where(eq(chatConversations.memberId, memberId))
      .limit(1);
    return row?.unread ?? 0;
  }

  private async ensureConversation(tx: Tx, party: ChatParty, address?: string): Promise<ConversationRow> {
    const now = this.clock.now();
    await tx
      .insert(chatConversations)
      .values({
        memberId: party.kind === 'member' ? party.memberId : null,
        guestId: party.kind === 'guest' ? party.guestId : null,
        guestAddress: party.kind === 'guest' ? (address ?? null) : null,
        sessionId: newSession(),
        lastMessageAt: now,
        createdAt: now,
      })
      .onConflictDoNothing();
    const row = await this.conversationOf(party, tx);
    if (!row) throw new Error('chat: conversation vanished');
    return row;
  }

  /** Newest first, `limit` after skipping `skip`. */
  async history(
    party: ChatParty,
    limit: number,
    skip: number,
  ): Promise<{ rows: MessageRow[]; conversation?: ConversationRow }> {
    const conversation = await this.conversationOf(party);
    if (!conversation) return { rows: [] };
    const rows = await this.db
      .select()
      .from(chatMessages)
      // private notes are the team's: never in the member's history (ADR 0035)
      .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.isNote, false)))
      .orderBy(desc(chatMessages.id))
      .limit(limit)
      .offset(skip);
    return { rows, conversation };
  }

  /**
   * The customer's message: text (trimmed, 1–2000), media it uploaded itself, or a postback (a pressed button). A
   * guest whose message opens a conversation (a new one, or one support had resolved) is held to `guestCap`: at most
   * `maxOpen` unresolved guest conversations per client address (CHAT_GUEST_LIMIT beyond).
   */
  async sendAsCustomer(party: ChatParty, message: ChatMessage, guestCap?: GuestCap): Promise<MessageRow> {
    const clean = this.checkCustomerMessage(message);
    return this.db.transaction(async (tx) => {
      await this.assertMediaOwner(tx, clean, [partyKey(party)]);
      if (party.kind === 'guest' && guestCap) await this.checkGuestCap(tx, party.guestId, guestCap);
      const conversation = await this.ensureConversation(tx, party, guestCap?.address);
      return this.append(tx, conversation, clean, 'customer', null);
    });
  }

  /**
   * The open-guest-conversation cap of one address. Guests of one address are serialised by an advisory lock on
   * it for the rest of the transaction, so a burst from many guest ids (on any number of processes) opens `maxOpen`
   * conversations, never more.
   */
  private async checkGuestCap(tx: Tx, guestId: string, cap: GuestCap): Promise<void> {
    const isOpen = (c: ConversationRow | undefined) => c !== undefined && c.status !== 'resolved';
    if (isOpen(await this.conversationOf({ kind: 'guest', guestId }, tx))) return;
    await tx.execute(sql`select pg_advisory_xact_lock(${GUEST_ADDRESS_LOCK}::int, hashtext(${cap.address}::text))`);
    // read again under the lock: the same guest's concurrent first message may have opened it meanwhile
    const existing = await this.conversationOf({ kind: 'guest', guestId }, tx);
    if (isOpen(existing)) return;
    const [row] = await tx
      .select({ n: count() })
      .from(chatConversations)
      .where(
        and(
          eq(chatConversations.guestAddress, cap.address),
          isNull(chatConversations.memberId),
          ne(chatConversations.status, 'resolved'),
        ),
      );
    if ((row?.n ?? 0) >= cap.maxOpen) throw new AppError('CHAT_GUEST_LIMIT');
    if (existing) {
      await tx
        .update(chatConversations)
        .set({ guestAddress: cap.address })
        .where(eq(chatConversations.id, existing.id));
    }
  }

  private checkCustomerMessage(message: ChatMessage): ChatMessage {
    switch (message.message_type) {
      case 'text':
      case 'postback': {
        if (typeof message.payload !== 'string') throw new AppError('KEY_INVALID');
        const text = message.payload.trim();
        if (text.length === 0 || text.length > CHAT_TEXT_MAX_CHARS) throw new AppError('KEY_INVALID');
        return { message_type: message.message_type, payload: text };
      }
      case 'media': {
        const payload = message.payload;
        if (typeof payload !== 'object' || payload === null || Array.isArray(payload) || payload.url) {
          throw new AppError('KEY_INVALID');
        }
        return {
          message_type: 'media',
          payload: {
            fileType: payload.fileType,
            filePath: payload.filePath,
            ...(payload.message ? { message: payload.message.slice(0, CHAT_TEXT_MAX_CHARS) } : {}),
          },
        };
      }
      default:
        // buttons, quick replies and cards come from support only
        throw new AppError('KEY_INVALID');
    }
  }

  /** The message's media (if any) was uploaded by one of `owners` (`operator:*`: any operator). */
  async assertMediaOwner(tx: Tx, message: ChatMessage, owners: string[]): Promise<void> {
    const key = mediaKeyOf(message);
    if (key === null) return;
    const [row] = await tx.select().from(chatMedia).where(eq(chatMedia.key, key)).limit(1);
    // someone else's upload is as unknown as a made-up key
    if (!row || !owners.some((o) => row.owner === o || (o === 'operator:*' && row.owner.startsWith('operator:')))) {
      throw new AppError('KEY_INVALID');
    }
    const media = message.payload as { fileType: string };
    const kind = row.contentType.startsWith('video/') ? 'video' : 'image';
    if (media.fileType !== kind) throw new AppError('KEY_INVALID');
  }

  async recordMedia(owner: string, key: string, contentType: string, size: number): Promise<void> {
    await this.db.insert(chatMedia).values({ key, owner, contentType, size, createdAt: this.clock.now() });
  }

  /** Appends a message the party sees (customer or support), updates the inbox row and emits `chat.message`. */
  async append(
    tx: Tx,
    conversation: ConversationRow,
    message: ChatMessage,
    sender: 'customer' | 'other',
    operatorId: number | null,
  ): Promise<MessageRow> {
    const now = this.clock.now();
    const [row] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conversation.id,
        sender,
        operatorId,
        sessionId: conversation.sessionId,
        message,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('chat: message insert returned nothing');
    // a customer writing into a resolved conversation reopens it; a support answer makes it pending
    const status: ChatStatus = sender === 'customer' ? 'open' : 'pending';
    await tx
      .update(chatConversations)
      .set({
        status,
        lastMessage: previewOf(message),
        lastMessageAt: now,
        ...(sender === 'customer'
          ? { unreadOperator: sql`${chatConversations.unreadOperator} + 1` }
          : { unreadCustomer: sql`${chatConversations.unreadCustomer} + 1` }),
      })
      .where(eq(chatConversations.id, conversation.id));
    // the console's "chats waiting" count, once this commits (docs/decisions/0033-live-queues.md)
    queueChanged('chats', conversation.id, status);
    await emit(tx, {
      type: 'chat.message',
      payload: { conversationId: String(conversation.id), messageId: String(row.id), from: sender },
    });
    return row;
  }

  async markReadByCustomer(party: ChatParty): Promise<ConversationRow | undefined> {
    const conversation = await this.conversationOf(party);
    if (!conversation || conversation.unreadCustomer === 0) return conversation;
    await this.db.update(chatConversations).set({ unreadCustomer: 0 }).where(eq(chatConversations.id, conversation.id));
    return { ...conversation, unreadCustomer: 0 };
  }

  /** A guest who signs in: its guest conversation becomes the member's (merged into one the member already has). */
  async attachGuest(guestId: string, member: Extract<ChatParty, { kind: 'member' }>): Promise<void> {
    await this.db.transaction(async (tx) => {
      const guest = await this.conversationOf({ kind: 'guest', guestId }, tx);
      if (!guest) return;
      const existing = await this.conversationOf(member, tx);
      if (!existing) {
        await tx
          .update(chatConversations)
          .set({ memberId: member.memberId, guestId: null })
          .where(eq(chatConversations.id, guest.id));
        return;
      }
      await tx
        .update(chatMessages)
        .set({ conversationId: existing.id })
        .where(eq(chatMessages.conversationId, guest.id));
      await tx
        .update(chatConversations)
        .set({
          unreadOperator: sql`${chatConversations.unreadOperator} + ${guest.unreadOperator}`,
          unreadCustomer: sql`${chatConversations.unreadCustomer} + ${guest.unreadCustomer}`,
        })
        .where(eq(chatConversations.id, existing.id));
      // the guest conversation's labels stay on the merged one (deleting it would drop them with it)
      await tx.execute(sql`
        insert into ${chatConversationLabels} (conversation_id, label_id)
        select ${existing.id}, label_id from ${chatConversationLabels} where conversation_id = ${guest.id}
        on conflict do nothing`);
      await tx.delete(chatConversations).where(eq(chatConversations.id, guest.id));
      queueChanged('chats', existing.id, existing.status);
    });
  }
}
