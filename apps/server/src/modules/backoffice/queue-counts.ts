import type { QueueCounts } from '@wallet/contract/admin/queues';
import type { Db } from '../../db/client.ts';
import { countPendingApprovals } from '../approvals/approvals.api.ts';
import { countWaitingChats } from '../chat/chat.api.ts';
import { countDepositsInReview } from '../deposits/deposits.api.ts';
import { countPendingAdjustments } from '../wallet/wallet.api.ts';
import { withdrawalQueueCounts } from '../withdrawals/withdrawals.api.ts';

/** The work waiting for operators now, by queue and state: one small count per queue, read together. */
export async function queueCounts(db: Db): Promise<QueueCounts> {
  const [withdrawals, deposits, adjustments, approvals, chats] = await Promise.all([
    withdrawalQueueCounts(db),
    countDepositsInReview(db),
    countPendingAdjustments(db),
    countPendingApprovals(db),
    countWaitingChats(db),
  ]);
  return { withdrawals, deposits, adjustments, approvals, chats };
}
