import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { LedgerService, memberRefund, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { join } from '../referral/referral-harness.ts';
import { addWallet, bet, receive, runRefundJob } from './refunds-harness.ts';

/** Races on PostgreSQL row locks through the real request path. */
const clock = new FakeClock(new Date('2026-11-23T17:05:00Z')); // 00:05 on the 24th in Bangkok
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.ctx.settings.set('refundRates', { lossPercent: 10, minRefund: 1, successPercent: 200, failPercent: 10 });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('refund under concurrency', () => {
  it('50 concurrent receives collect once; 50 concurrent addWallet credit once', async () => {
    const player = await join(t, uniqueIp());
    await bet(t, player.id, new Date('2026-11-23T10:00:00Z'), 100_000n, 0n);
    // two processes running the same slot make one refund
    await Promise.all([runRefundJob(t, '2026-11-24T00:05:00+07:00'), runRefundJob(t, '2026-11-24T00:05:00+07:00')]);
    const ledger = new LedgerService(t.ctx.db);

    const received = await Promise.all(Array.from({ length: 50 }, () => receive(t, player)));
    expect(received.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(received.filter((r) => r.status !== 200).map((r) => r.body.message))).toEqual(
      new Set(['NO_REFUND']),
    );
    expect(await ledger.balance(memberRefund(player.id), 'THB')).toBe(10_000n);

    const added = await Promise.all(Array.from({ length: 50 }, () => addWallet(t, player)));
    expect(added.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = new Set(added.filter((r) => r.status !== 200).map((r) => r.body.message));
    expect([...refused].every((m) => m === 'NO_REFUND' || m === 'REFUND_CONDITION')).toBe(true);
    expect(await ledger.balance(memberWallet(player.id), 'THB')).toBe(10_000n);
    expect(await ledger.balance(memberRefund(player.id), 'THB')).toBe(0n);
  });
});
