import type { Conversation } from '@wallet/contract/chat';
import { and, desc, eq, exists, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { chatConversationLabels, chatConversations, chatMessages } from '../../db/schema/chat.ts';
import { AppError } from '../../errors.ts';
import { queueChanged } from '../../realtime/queue-signals.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { newSession, type ChatOperator, type ChatService } from './chat.service.ts';

type ChatMessage = Conversation['message'];
type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** `%` and `_` typed by an operator match themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the inbox lists: status, whose, a label, and a search over message text and member ids. */
export type InboxQuery = {
  status: 'active' | 'resolved';
  filter: 'mine' | 'unassigned' | 'all';
  labelId?: number | undefined;
  /** message text (notes included), or members found by name / phone / id (`memberIds`) */
  q?: string | undefined;
  memberIds?: number[];
};

/** The operator side of the chat: the inbox, replies, assignment and resolving (support and admin roles). */
export class ChatInboxService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chat: ChatService,
  ) {}

  async list(query: InboxQuery, operator: ChatOperator) {
    const { status, filter } = query;

    const conditions = [
      status === 'resolved' ? eq(chatConversations.status, 'resolved') : ne(chatConversations.status, 'resolved'),
    ];
    if (filter === 'mine') conditions.push(eq(chatConversations.assigneeId, operator.id));
    if (filter === 'unassigned') conditions.push(isNull(chatConversations.assigneeId));
    if (query.labelId !== undefined) {
      const labelled = this.db
        .select({ one: chatConversationLabels.labelId })
        .from(chatConversationLabels)
        .where(
          and(
            eq(chatConversationLabels.conversationId, chatConversations.id),
            eq(chatConversationLabels.labelId, query.labelId),
          ),
        );
      conditions.push(exists(labelled));
    }
    const q = query.q?.trim() ?? '';
    if (q !== '') {
      const inText = this.db
        .select({ one: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, chatConversations.id),
            ilike(sql`${chatMessages.message}->>'payload'`, `%${likeEscape(q)}%`),
          ),
        );
      const matches: SQL[] = [exists(inText)];
      if (query.memberIds?.length) matches.push(inArray(chatConversations.memberId, query.memberIds));
      conditions.push(or(...matches)!);
    }
    return this.db
      .select()
      .from(chatConversations)
      .where(and(...conditions))
      .orderBy(desc(chatConversations.lastMessageAt))
      .limit(200);
  }

  async byId(id: number, tx: Db | Tx = this.db): Promise<ConversationRow> {
    const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Up to 50 messages (notes included) before `before`, oldest first; of one session when `sessionId` is given. */
  async messagesOf(conversationId: number, before?: number, sessionId?: string): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          ...(before ? [lt(chatMessages.id, before)] : []),
          ...(sessionId ? [eq(chatMessages.sessionId, sessionId)] : []),
        ),
      )
      .orderBy(desc(chatMessages.id))
      .limit(50);
    return rows.reverse();
  }

  async messageById(id: number): Promise<{ message: MessageRow; conversation: ConversationRow } | null> {
    const [message] = await this.db.select().from(chatMessages).where(eq(chatMessages.id, id)).limit(1);
    if (!message) return null;
    return { message, conversation: await this.byId(message.conversationId) };
  }

  async reply(id: number, message: ChatMessage, operator: ChatOperator, ip: string | null = null): Promise<MessageRow> {
    if (message.message_type === 'text' || message.message_type === 'postback') {
      if (typeof message.payload !== 'string' || message.payload.trim().length === 0) throw new AppError('KEY_INVALID');
    }
    return this.db.transaction(async (tx) => {
      await this.chat.assertMediaOwner(tx, message, ['operator:*']);
      const conversation = await this.byId(id, tx);
      // answering an unassigned conversation takes it, as in Chatwoot: the same `chat.assign` audit row as taking it
      // by hand; only if it is still unassigned (two operators answering at once: the first one takes it)
      const [taken] = await tx
        .update(chatConversations)
        .set({ assigneeId: operator.id, assigneeName: operator.username })
        .where(and(eq(chatConversations.id, id), isNull(chatConversations.assigneeId)))
        .returning({ id: chatConversations.id });
      if (taken) {
        await appendAudit(
          tx,
          {
            actor: operator,
            action: 'chat.assign',
            target: `chat:${id}`,
            before: { assignee: null },
            after: { assignee: operator.username, by: 'reply' },
            ip,
          },
          this.clock.now(),
        );
      }
      return this.chat.append(tx, conversation, message, 'other', operator.id);
    });
  }

  async markReadByOperator(id: number): Promise<ConversationRow> {
    await this.db.update(chatConversations).set({ unreadOperator: 0 }).where(eq(chatConversations.id, id));
    return this.byId(id);
  }

  /**
   * Gives the conversation to me, to nobody, or to another agent (`to` an agent the caller resolved from the
   * operators with a chat role: an unknown id never gets here). Audited with the assignee before and after.
   */
  async assign(
    id: number,
    to: 'me' | 'nobody' | ChatOperator,
    operator: ChatOperator,
    ip: string | null,
  ): Promise<ConversationRow> {
    return this.db.transaction(async (tx) => {
      const before = await this.byId(id, tx);
      const agent = to === 'me' ? operator : to === 'nobody' ? null : to;
      const assignee = agent
        ? { assigneeId: agent.id, assigneeName: agent.username }
        : { assigneeId: null, assigneeName: null };
      await tx.update(chatConversations).set(assignee).where(eq(chatConversations.id, id));
      await appendAudit(
        tx,
        {
          actor: operator,
          action: 'chat.assign',
          target: `chat:${id}`,
          before: { assignee: before.assigneeName },
          after: { assignee: assignee.assigneeName },
          ip,
        },
        this.clock.now(),
      );
      return { ...before, ...assignee };
    });
  }

  /** Ends the session: the next message starts a new session_id and the player shows "End Conversation". */
  async resolve(id: number, operator: ChatOperator, ip: string | null): Promise<ConversationRow> {
    return this.db.transaction(async (tx) => {
      const before = await this.byId(id, tx);
      const sessionId = newSession();
      await tx
        .update(chatConversations)
        .set({ status: 'resolved', sessionId, unreadOperator: 0 })
        .where(eq(chatConversations.id, id));
      queueChanged('chats', id, 'resolved');
      await appendAudit(
        tx,
        {
          actor: operator,
          action: 'chat.resolve',
          target: `chat:${id}`,
          before: { status: before.status, sessionId: before.sessionId },
          after: { status: 'resolved', sessionId },
          ip,
        },
        this.clock.now(),
      );
      return { ...before, status: 'resolved', sessionId, unreadOperator: 0 };
    });
  }
}
