import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatConversations } from '../../db/schema/chat.ts';

/** Conversations where the customer waits for support (`open`): the dashboard's and the navigation's count. */
export async function countWaitingChats(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatConversations).where(eq(chatConversations.status, 'open'));
  return Number(row?.n ?? 0);
}
