import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService, memberInvite, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { emit } from '../../src/events/emit.ts';
import { createTestApp, deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { deposit, join, receiveInvite } from './referral-harness.ts';

/** Races on PostgreSQL row locks through the real request path. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('referralRates', { depositPercent: 10 });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('invite receive under concurrency', () => {
  it('50 concurrent receives credit the invite balance once', async () => {
    const inviter = await join(t, uniqueIp());
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    await deposit(t, friend.id, 100_000n);
    const ledger = new LedgerService(t.ctx.db);
    expect(await ledger.balance(memberInvite(inviter.id), 'THB')).toBe(10_000n);

    const replies = await Promise.all(Array.from({ length: 50 }, () => receiveInvite(t, inviter)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.status !== 200).map((r) => r.body.message))).toEqual(
      new Set(['NO_INVITE_BONUS']),
    );
    expect(await ledger.balance(memberWallet(inviter.id), 'THB')).toBe(10_000n);
    expect(await ledger.balance(memberInvite(inviter.id), 'THB')).toBe(0n);
  });

  it('one deposit event emitted twice and delivered by two relays at once pays one commission', async () => {
    const inviter = await join(t, uniqueIp());
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    const event = {
      type: 'deposit.credited' as const,
      payload: { memberId: friend.id, depositId: `DTWICE${friend.id}`, amount: '50000', currency: 'THB' },
    };
    await t.ctx.db.transaction(async (tx) => {
      await emit(tx, event);
      await emit(tx, event);
    });
    await Promise.all([deliverOutbox(t), deliverOutbox(t)]);
    expect(await new LedgerService(t.ctx.db).balance(memberInvite(inviter.id), 'THB')).toBe(5_000n);
  });
});
