import type { CannedReply, ChatLabel, ChatPastConversation, ChatReplyLanguage } from '@wallet/contract/admin/chat-team';
import { and, asc, count, desc, eq, inArray, max, min, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  chatCannedReplies,
  chatConversationLabels,
  chatConversations,
  chatLabels,
  chatMessages,
} from '../../db/schema/chat.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../events/emit.ts';
import { appendAudit } from '../audit/audit.api.ts';
import type { ChatOperator } from './chat.service.ts';

/**
 * The support team's tools (docs/decisions/0035-chat-team-and-api-client.md): labels, private notes, canned replies
 * and a member's past sessions. Every change is audited in its own transaction.
 */

type CannedRow = typeof chatCannedReplies.$inferSelect;
/** A unique index refused the row (drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

const toLabel = (r: typeof chatLabels.$inferSelect): ChatLabel => ({
  id: r.id,
  name: r.name,
  color: r.color as ChatLabel['color'],
});
const toCanned = (r: CannedRow): CannedReply => ({
  id: r.id,
  shortCode: r.shortCode,
  language: r.language as ChatReplyLanguage,
  text: r.text,
  updatedAt: r.updatedAt.toISOString(),
});

export class ChatTeamService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private audit(
    tx: Tx,
    operator: ChatOperator,
    action: string,
    target: string,
    before: unknown,
    after: unknown,
    ip: string | null,
  ) {
    return appendAudit(tx, { actor: operator, action, target, before, after, ip }, this.clock.now());
  }

  async labels(): Promise<ChatLabel[]> {
    return (await this.db.select().from(chatLabels).orderBy(asc(chatLabels.name))).map(toLabel);
  }

  /** The labels of each conversation among `ids`. */
  async labelsOf(ids: number[], tx: Db | Tx = this.db): Promise<Map<number, ChatLabel[]>> {
    const map = new Map<number, ChatLabel[]>();
    if (ids.length === 0) return map;
    const rows = await tx
      .select({ conversationId: chatConversationLabels.conversationId, label: chatLabels })
      .from(chatConversationLabels)
      .innerJoin(chatLabels, eq(chatLabels.id, chatConversationLabels.labelId))
      .where(inArray(chatConversationLabels.conversationId, ids))
      .orderBy(asc(chatLabels.name));
    for (const row of rows) map.set(row.conversationId, [...(map.get(row.conversationId) ?? []), toLabel(row.label)]);
    return map;
  }

  async createLabel(
    name: string,
    color: ChatLabel['color'],
    operator: ChatOperator,
    ip: string | null,
  ): Promise<ChatLabel> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(chatLabels).values({ name, color, createdAt: this.clock.now() }).returning();
        await this.audit(tx, operator, 'chat.label.create', `chat-label:${row!.id}`, null, { name, color }, ip);
        return toLabel(row!);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('KEY_INVALID');
      throw err;
    }
  }

  async deleteLabel(id: number, operator: ChatOperator, ip: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(chatLabels).where(eq(chatLabels.id, id)).returning();
      if (!row) throw new AppError('NOT_FOUND');
      await this.audit(
        tx,
        operator,
        'chat.label.delete',
        `chat-label:${id}`,
        { name: row.name, color: row.color },
        null,
        ip,
      );
    });
  }

  /** Replaces the conversation's labels; unknown label ids are KEY_INVALID. Audited with the names before and after. */
  async setLabels(id: number, labelIds: number[], operator: ChatOperator, ip: string | null): Promise<ChatLabel[]> {
    const wanted = [...new Set(labelIds)];
    return this.db.transaction(async (tx) => {
      const [conversation] = await tx
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.id, id))
        .for('update');
      if (!conversation) throw new AppError('NOT_FOUND');
      const found = wanted.length ? await tx.select().from(chatLabels).where(inArray(chatLabels.id, wanted)) : [];
      if (found.length !== wanted.length) throw new AppError('KEY_INVALID');
      const before = (await this.labelsOf([id], tx)).get(id) ?? [];
      await tx.delete(chatConversationLabels).where(eq(chatConversationLabels.conversationId, id));
      if (wanted.length) {
        await tx.insert(chatConversationLabels).values(wanted.map((labelId) => ({ conversationId: id, labelId })));
      }
      const after = (await this.labelsOf([id], tx)).get(id) ?? [];
      await this.audit(
        tx,
        operator,
        'chat.labels',
        `chat:${id}`,
        { labels: before.map((l) => l.name) },
        { labels: after.map((l) => l.name) },
        ip,
      );
      return after;
    });
  }

  /**
   * A private note in the conversation: stored as a message flagged `isNote`, so it never changes the conversation's
   * status, unread counts or inbox preview, and never reaches the member (history and pushes leave notes out).
   */
  async note(id: number, text: string, operator: ChatOperator, ip: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [conversation] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
      if (!conversation) throw new AppError('NOT_FOUND');
      const [row] = await tx
        .insert(chatMessages)
        .values({
          conversationId: id,
          sender: 'other',
          operatorId: operator.id,
          sessionId: conversation.sessionId,
          message: { message_type: 'text', payload: text },
          isNote: true,
          createdAt: this.clock.now(),
        })
        .returning({ id: chatMessages.id });
      await this.audit(tx, operator, 'chat.note', `chat:${id}`, null, { messageId: row!.id }, ip);
      await emit(tx, {
        type: 'chat.message',
        payload: { conversationId: String(id), messageId: String(row!.id), from: 'note' },
      });
    });
  }

  async cannedReplies(language?: ChatReplyLanguage): Promise<CannedReply[]> {
    const rows = await this.db
      .select()
      .from(chatCannedReplies)
      .where(language ? eq(chatCannedReplies.language, language) : undefined)
      .orderBy(asc(chatCannedReplies.shortCode), asc(chatCannedReplies.language));
    return rows.map(toCanned);
  }

  async saveCannedReply(
    input: { id?: number | undefined; shortCode: string; language: ChatReplyLanguage; text: string },
    operator: ChatOperator,
    ip: string | null,
  ): Promise<CannedReply> {
    const now = this.clock.now();
    const values = { shortCode: input.shortCode, language: input.language, text: input.text };
    try {
      return await this.db.transaction(async (tx) => {
        if (input.id === undefined) {
          const [row] = await tx
            .insert(chatCannedReplies)
            .values({ ...values, createdAt: now, updatedAt: now })
            .returning();
          await this.audit(tx, operator, 'chat.canned.create', `chat-canned:${row!.id}`, null, values, ip);
          return toCanned(row!);
        }
        const [before] = await tx
          .select()
          .from(chatCannedReplies)
          .where(eq(chatCannedReplies.id, input.id))
          .for('update');
        if (!before) throw new AppError('NOT_FOUND');
        const [row] = await tx
          .update(chatCannedReplies)
          .set({ ...values, updatedAt: now })
          .where(eq(chatCannedReplies.id, input.id))
          .returning();
        const old = { shortCode: before.shortCode, language: before.language, text: before.text };
        await this.audit(tx, operator, 'chat.canned.update', `chat-canned:${input.id}`, old, values, ip);
        return toCanned(row!);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('KEY_INVALID');
      throw err;
    }
  }

  async deleteCannedReply(id: number, operator: ChatOperator, ip: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning();
      if (!row) throw new AppError('NOT_FOUND');
      const old = { shortCode: row.shortCode, language: row.language, text: row.text };
      await this.audit(tx, operator, 'chat.canned.delete', `chat-canned:${id}`, old, null, ip);
    });
  }

  /** The member's conversations, one per session, newest first (notes left out of the counts and previews). */
  async memberConversations(memberId: number): Promise<ChatPastConversation[]> {
    const [conversation] = await this.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.memberId, memberId))
      .limit(1);
    if (!conversation) return [];
    const rows = await this.db
      .select({
        sessionId: chatMessages.sessionId,
        startedAt: min(chatMessages.createdAt),
        lastMessageAt: max(chatMessages.createdAt),
        firstId: min(chatMessages.id),
        firstCustomerId: sql<number | null>`min(${chatMessages.id}) filter (where ${chatMessages.sender} = 'customer')`,
        messages: count(),
      })
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.isNote, false)))
      .groupBy(chatMessages.sessionId)
      .orderBy(desc(max(chatMessages.id)))
      .limit(100);
    const previewIds = rows.map((r) => Number(r.firstCustomerId ?? r.firstId));
    const previews = previewIds.length
      ? await this.db
          .select({ id: chatMessages.id, message: chatMessages.message })
          .from(chatMessages)
          .where(inArray(chatMessages.id, previewIds))
      : [];
    const previewOf = new Map(previews.map((p) => [p.id, p.message as { message_type: string; payload?: unknown }]));
    return rows.map((r, i) => {
      const message = previewOf.get(previewIds[i]!);
      const preview =
        message && typeof message.payload === 'string'
          ? message.payload.slice(0, 120)
          : `[${message?.message_type ?? ''}]`;
      return {
        conversationId: conversation.id,
        sessionId: r.sessionId,
        startedAt: new Date(r.startedAt!).toISOString(),
        lastMessageAt: new Date(r.lastMessageAt!).toISOString(),
        messages: Number(r.messages),
        preview,
        current: r.sessionId === conversation.sessionId && conversation.status !== 'resolved',
      };
    });
  }
}
