import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversationLabels, chatLabels } from '../../src/db/schema/chat.ts';
import { ChatService } from '../../src/modules/chat/chat.service.ts';
import { onQueueChanged, type QueueSignal } from '../../src/realtime/queue-signals.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { chatMember } from '../chat/chat-fixtures.ts';

/**
 * The console's chat queue (docs/operator-console.md): a customer's message signals the "chats waiting" count after
 * it commits, and a guest's labels stay when its conversation merges into the member's on sign-in.
 */
let t: TestApp;
let chat: ChatService;
const message = (payload: string) => ({ message_type: 'text', payload }) as const;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
  chat = new ChatService(t.ctx.db, t.clock);
});
afterAll(async () => {
  await t.close();
});

describe('the chat queue in the console', () => {
  it("signals the waiting count for a customer's message and keeps a guest's labels through the merge", async () => {
    const signals: QueueSignal[] = [];
    const stop = onQueueChanged((s) => signals.push(s));
    try {
      const guest = { kind: 'guest', guestId: 'g_console_labels_1' } as const;
      await chat.sendAsCustomer(guest, message('hello, my deposit?'));
      const guestConversation = (await chat.conversationOf(guest))!;
      expect(signals).toContainEqual({ kind: 'chats', id: String(guestConversation.id), state: 'open' });

      const m = await chatMember(t);
      const member = { kind: 'member', memberId: m.id, name: 'CHAT TEST', username: 'x' } as const;
      await chat.sendAsCustomer(member, message('me again, signed in'));
      const memberConversation = (await chat.conversationOf(member))!;
      const [vip, slip] = await t.ctx.db
        .insert(chatLabels)
        .values([
          { name: 'vip-console-test', color: 'red', createdAt: t.clock.now() },
          { name: 'slip-console-test', color: 'blue', createdAt: t.clock.now() },
        ])
        .returning();
      await t.ctx.db.insert(chatConversationLabels).values([
        { conversationId: guestConversation.id, labelId: vip!.id },
        { conversationId: guestConversation.id, labelId: slip!.id },
        { conversationId: memberConversation.id, labelId: slip!.id },
      ]);

      signals.length = 0;
      await chat.attachGuest(guest.guestId, member);
      const labels = await t.ctx.db
        .select({ labelId: chatConversationLabels.labelId })
        .from(chatConversationLabels)
        .where(eq(chatConversationLabels.conversationId, memberConversation.id));
      expect(labels.map((l) => l.labelId).sort((a, b) => a - b)).toEqual([vip!.id, slip!.id].sort((a, b) => a - b));
      expect(await chat.conversationOf(guest)).toBeUndefined();
      // one conversation fewer waits: the count is signalled again
      expect(signals.map((s) => s.kind)).toEqual(['chats']);
    } finally {
      stop();
    }
  });
});
