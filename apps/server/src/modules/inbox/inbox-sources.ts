import type { EventPayload } from '../../events/event-map.ts';
import { formatMinor } from '../../lib/money-math.ts';
import type { NewInboxEntry } from './inbox.repository.ts';

/**
 * Which domain events become a notification, and with which values (docs/decisions/0043-in-app-notifications.md).
 * Each entry's source key names the thing and its outcome, so a redelivered event finds its entry already there.
 * An event the member is not told about (a withdrawal still in review, a condition that started) gives null.
 */
export function depositEntry(event: EventPayload<'deposit.credited'>): NewInboxEntry {
  return {
    memberId: event.memberId,
    kind: event.channel === 'slip' ? 'slip_verified' : 'deposit_credited',
    params: { amount: formatMinor(BigInt(event.amount)), currency: event.currency, depositId: event.depositId },
    sourceKey: `deposit:${event.depositId}`,
  };
}

export function withdrawalEntry(event: EventPayload<'withdrawal.changed'>): NewInboxEntry | null {
  const kind = event.status === 'paid' ? 'withdrawal_paid' : event.status === 'rejected' ? 'withdrawal_rejected' : null;
  if (!kind) return null;
  return {
    memberId: event.memberId,
    kind,
    params: { withdrawalId: event.withdrawalId },
    sourceKey: `withdrawal:${event.withdrawalId}:${event.status}`,
  };
}

export function conditionEntry(event: EventPayload<'condition.changed'>): NewInboxEntry | null {
  const kind =
    event.status === 'success'
      ? 'bonus_completed'
      : event.status === 'fail' || event.status === 'cancelled'
        ? 'bonus_ended'
        : null;
  if (!kind) return null;
  return {
    memberId: event.memberId,
    kind,
    params: { conditionId: event.conditionId },
    sourceKey: `condition:${event.conditionId}:end`,
  };
}
