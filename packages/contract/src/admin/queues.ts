import { z } from 'zod';

/**
 * The work waiting for operators, by queue and state (the dashboard, the navigation's badges and the tab title).
 * The same counts ride on every `queue.changed` socket signal (docs/decisions/0033-live-queues.md).
 */
export const QueueCountsSchema = z.object({
  withdrawals: z.object({
    pending_review: z.number().int(),
    approved: z.number().int(),
    paying: z.number().int(),
    payout_failed: z.number().int(),
  }),
  /** deposits in review (manual notices, held QR money, slips a person must read) */
  deposits: z.number().int(),
  /** balance adjustments waiting for a second operator */
  adjustments: z.number().int(),
  /** four-eyes approvals waiting (money above a limit, role grants...) */
  approvals: z.number().int(),
  /** chat conversations where the customer waits for an answer */
  chats: z.number().int(),
});
export type QueueCounts = z.infer<typeof QueueCountsSchema>;

export const QUEUE_KINDS = ['withdrawals', 'deposits', 'adjustments', 'approvals', 'chats'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/** What a person must act on: withdrawals under review or whose payout failed, and every other queue. */
export function actionableCount(counts: QueueCounts): number {
  return (
    counts.withdrawals.pending_review +
    counts.withdrawals.payout_failed +
    counts.deposits +
    counts.adjustments +
    counts.approvals
  );
}

/** One queue's row changed (created, decided, paid...): a small signal; the console refetches what it shows. */
export type QueueChanged = { kind: QueueKind; id: string; state: string; counts: QueueCounts };
