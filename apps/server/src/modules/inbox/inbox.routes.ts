import { AppError } from '../../errors.ts';
import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { InboxRepository, type NewInboxEntry } from './inbox.repository.ts';
import { conditionEntry, depositEntry, withdrawalEntry } from './inbox-sources.ts';

/**
 * The member's in-app notifications (docs/decisions/0043-in-app-notifications.md): outbox subscribers write one entry
 * per source and push it to the member's sockets on any process; the member lists, counts and marks its own.
 */
export const inboxModule: ModuleFactory = (ctx) => {
  const inbox = new InboxRepository(ctx.db);

  /** At least once (ADR 0010): a redelivery finds the entry there and neither adds nor pushes it again. */
  const record = async (entry: NewInboxEntry | null) => {
    if (!entry) return;
    const added = await inbox.add(entry, ctx.clock.now());
    if (!added) return;
    ctx.realtime.push(entry.memberId, 'inbox.added', { entry: added, unread: await inbox.unread(entry.memberId) });
  };

  return {
    name: 'inbox',
    handlers: {
      'inbox.list': async ({ member, query }) => {
        const [page, unread] = await Promise.all([
          inbox.page(member.id, query.limit, (query.page - 1) * query.limit),
          inbox.unread(member.id),
        ]);
        return { ...page, unread };
      },
      'inbox.unread': async ({ member }) => ({ unread: await inbox.unread(member.id) }),
      'inbox.read': async ({ member, params }) => {
        // another member's entry answers as one that does not exist
        if (!(await inbox.markRead(member.id, BigInt(params.id), ctx.clock.now()))) throw new AppError('NOT_FOUND');
        return { unread: await inbox.unread(member.id) };
      },
      'inbox.readAll': async ({ member }) => {
        await inbox.markAllRead(member.id, ctx.clock.now());
        return { unread: 0 };
      },
    },
    subscribers: [
      subscribe('deposit.credited', 'inbox.deposit', async (event) => record(depositEntry(event))),
      subscribe('withdrawal.changed', 'inbox.withdrawal', async (event) => record(withdrawalEntry(event))),
      subscribe('condition.changed', 'inbox.condition', async (event) => record(conditionEntry(event))),
    ],
  };
};
