import { recordBets } from '../../src/modules/promotions/promotions.api.ts';
import { get, post, type Reply } from '../account/account-helpers.ts';
import type { TestApp } from '../helpers/test-app.ts';
import type { Player } from '../referral/referral-harness.ts';

let bets = 0;

/** A settled slot bet of the member at `at` (minor units), recorded as the turnover pull records it. */
export async function bet(t: TestApp, memberId: number, at: Date, stake: bigint, payout: bigint): Promise<void> {
  bets += 1;
  await recordBets(
    t.ctx.db,
    [{ game: 'pg', betId: `t-${memberId}-${bets}`, memberId, stake, payout, placedAt: at }],
    at,
  );
}

/** Run the daily refund job for the Bangkok wall-clock slot `slot` (e.g. `2026-11-24T00:05:00+07:00`). */
export async function runRefundJob(t: TestApp, slot: string): Promise<unknown> {
  const job = t.modules.flatMap((m) => m.jobs ?? []).find((j) => j.name === 'daily-refunds');
  if (!job) throw new Error('no daily-refunds job');
  return job.handler({ data: undefined as never, attempt: 1, slot, runId: 0 });
}

export const check = (t: TestApp, p: Player) => get(t, '/api/refund/check', { token: p.token });
export const receive = (t: TestApp, p: Player): Promise<Reply> => get(t, '/api/refund/receive', { token: p.token });
export const addWallet = (t: TestApp, p: Player): Promise<Reply> => get(t, '/api/refund/addWallet', { token: p.token });
export const refundLog = (t: TestApp, p: Player, page = 1) =>
  post(t, '/api/refund', { page, limit: 10 }, { token: p.token });
