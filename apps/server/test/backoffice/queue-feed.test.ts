import type { QueueChanged } from '@wallet/contract/admin/queues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueueFeed } from '../../src/modules/backoffice/queue-feed.ts';
import { queueChanged } from '../../src/realtime/queue-signals.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';

let h: WithdrawalsHarness;
const heard: QueueChanged[] = [];
let stop: () => void;

beforeAll(async () => {
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 2_500 });
  await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 0 });
  // the feed as the back-office module starts it, with the operators' room replaced by this list
  stop = startQueueFeed({
    db: h.t.ctx.db,
    realtime: { toOperators: (_event, payload) => heard.push(payload) },
    log: h.t.ctx.log,
  });
}, 60_000);
afterAll(async () => {
  stop();
  expect(await h.invariants()).toEqual([]);
  await h.close();
}, 120_000);

const POLL = { timeout: 15_000, interval: 50 };

describe('the live queue feed', () => {
  it('signals a queue change once its transaction commits, never for one rolled back', async () => {
    await expect(
      h.t.ctx.db.transaction(async () => {
        queueChanged('deposits', 'ROLLED-BACK', 'review');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await h.t.ctx.db.transaction(async () => queueChanged('deposits', 'COMMITTED', 'review'));
    await expect.poll(() => heard.some((s) => s.id === 'COMMITTED'), POLL).toBe(true);
    expect(heard.some((s) => s.id === 'ROLLED-BACK')).toBe(false);
  });

  it('a member’s new withdrawal reaches the operators with its state and the counts', async () => {
    const m = await h.member(500_000n);
    const res = await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 1_000 });
    expect(res.status).toBe(200);
    const [w] = await h.withdrawalsOf(m.id);
    await expect.poll(() => heard.find((s) => s.id === w!.id), POLL).toBeDefined();
    const signal = heard.find((s) => s.id === w!.id)!;
    expect(signal).toMatchObject({ kind: 'withdrawals', state: 'pending_review' });
    expect(signal.counts.withdrawals.pending_review).toBeGreaterThanOrEqual(1);

    // the operator rejects it: the same feed says so, and the count drops back
    const before = signal.counts.withdrawals.pending_review;
    heard.length = 0;
    await h.admin('POST', `/api/admin/withdrawals/${w!.id}/reject`, { reason: 'OTHER' });
    await expect.poll(() => heard.find((s) => s.id === w!.id && s.state === 'rejected'), POLL).toBeDefined();
    expect(heard.find((s) => s.state === 'rejected')!.counts.withdrawals.pending_review).toBe(before - 1);
  });
});
