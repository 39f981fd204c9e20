import type { InboxEntry, InboxKind } from '@wallet/contract/inbox';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inboxEntries } from '../../db/schema/inbox.ts';

export type NewInboxEntry = { memberId: number; kind: InboxKind; params: Record<string, string>; sourceKey: string };

const toEntry = (row: typeof inboxEntries.$inferSelect): InboxEntry => ({
  id: String(row.id),
  kind: row.kind as InboxKind,
  params: row.params,
  createdAt: row.createdAt.toISOString(),
  isRead: row.readAt !== null,
});

/** The inbox table: every read and write names the member, so a member only ever reaches its own entries. */
export class InboxRepository {
  constructor(private readonly db: Db) {}

  /** Add an entry once per source: a repeated source (a redelivered event) adds nothing and answers null. */
  async add(entry: NewInboxEntry, at: Date): Promise<InboxEntry | null> {
    const [row] = await this.db
      .insert(inboxEntries)
      .values({ ...entry, createdAt: at })
      .onConflictDoNothing({ target: inboxEntries.sourceKey })
      .returning();
    return row ? toEntry(row) : null;
  }

  async page(memberId: number, limit: number, offset: number): Promise<{ total: number; entries: InboxEntry[] }> {
    const [[total], rows] = await Promise.all([
      this.db.select({ n: count() }).from(inboxEntries).where(eq(inboxEntries.memberId, memberId)),
      this.db
        .select()
        .from(inboxEntries)
        .where(eq(inboxEntries.memberId, memberId))
        .orderBy(desc(inboxEntries.id))
        .limit(limit)
        .offset(offset),
    ]);
    return { total: total?.n ?? 0, entries: rows.map(toEntry) };
  }

  async unread(memberId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(inboxEntries)
      .where(and(eq(inboxEntries.memberId, memberId), isNull(inboxEntries.readAt)));
    return row?.n ?? 0;
  }

  /** Mark one of the member's entries read; false when the member has no entry of that id. */
  async markRead(memberId: number, id: bigint, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(inboxEntries)
      // the first read stays the one recorded
      .set({ readAt: sql`coalesce(${inboxEntries.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(inboxEntries.id, id), eq(inboxEntries.memberId, memberId)))
      .returning({ id: inboxEntries.id });
    return rows.length > 0;
  }

  async markAllRead(memberId: number, at: Date): Promise<void> {
    await this.db
      .update(inboxEntries)
      .set({ readAt: at })
      .where(and(eq(inboxEntries.memberId, memberId), isNull(inboxEntries.readAt)));
  }
}
