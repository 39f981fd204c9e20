import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit } from '../../src/events/emit.ts';
import { outboxEvents } from '../../src/db/schema/events.ts';
import { lineDeliveries } from '../../src/db/schema/notify.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { put, uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { deposit, join } from '../referral/referral-harness.ts';
import { lineMessages, lineStatus, linkLine, runLinePushes } from './notify-harness.ts';

/**
 * LINE notifications end to end on the server (docs/decisions/0041-line-notifications.md): link through the
 * simulator's signed webhooks, a credited deposit → outbox → `line-push` job → one message in the member's language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  await t.close();
});

describe('linking', () => {
  it('a code sent from LINE links that LINE user; unfollow and unlink stop it', async () => {
    const p = await join(t, uniqueIp());
    expect(await lineStatus(t, p)).toMatchObject({ isAvailable: true, isLinked: false, language: 'th' });
    const userId = await linkLine(t, p, 'en');
    expect(await lineStatus(t, p)).toMatchObject({ isLinked: true, isFollowing: true, language: 'en' });
    await t.app.inject({ method: 'POST', url: `/sandbox/line/_users/${userId}/unfollow` });
    expect(await lineStatus(t, p)).toMatchObject({ isLinked: true, isFollowing: false });
    const unlink = await t.app.inject({
      method: 'DELETE',
      url: '/api/notify/line',
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(unlink.json()).toEqual({ message: 'SUCCESS' });
    expect(await lineStatus(t, p)).toMatchObject({ isLinked: false, isFollowing: false });
  });

  it('a code works once, and one LINE user follows one member (a new link moves it)', async () => {
    const a = await join(t, uniqueIp());
    const b = await join(t, uniqueIp());
    const userId = await linkLine(t, a, 'th');
    await linkLine(t, b, 'th', userId);
    expect(await lineStatus(t, a)).toMatchObject({ isLinked: false });
    expect(await lineStatus(t, b)).toMatchObject({ isLinked: true });
  });
});

describe('delivery', () => {
  it('a credited deposit is pushed once, in the member language, however often the event or job repeats', async () => {
    const p = await join(t, uniqueIp());
    const userId = await linkLine(t, p, 'la');
    await deposit(t, p.id, 150_050n);
    await runLinePushes(t, { keepQueued: true });
    await runLinePushes(t);
    expect(await lineMessages(t, userId)).toEqual(['ເງິນຝາກ 1,500.50 THB ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ']);
  });

  it('the same outbox event delivered twice queues the same retry key: one message', async () => {
    const p = await join(t, uniqueIp());
    const userId = await linkLine(t, p, 'en');
    const event = {
      type: 'deposit.credited' as const,
      payload: { memberId: p.id, depositId: 'D-TWICE', amount: '10000', currency: 'THB' },
    };
    await t.ctx.db.transaction((tx) => emit(tx, event));
    await deliverOutbox(t);
    const subscriber = t.modules.flatMap((m) => m.subscribers ?? []).find((s) => s.name === 'notify.line-deposit')!;
    // a redelivery (the relay died before recording the first): the subscriber runs again for the same event id
    const [newest] = await t.ctx.db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'deposit.credited'))
      .orderBy(desc(outboxEvents.id))
      .limit(1);
    await subscriber.handle(event.payload as never, { eventId: Number(newest!.id), createdAt: t.clock.now() });
    expect(await runLinePushes(t)).toEqual([{ status: 'sent' }, { status: 'already sent' }]);
    expect(await lineMessages(t, userId)).toEqual(['Your deposit of 100.00 THB has been credited to your wallet.']);
  });

  it('a muted kind, an unfollowed account and an unlinked member get nothing', async () => {
    const muted = await join(t, uniqueIp());
    const mutedUser = await linkLine(t, muted, 'th');
    const res = await put(
      t,
      '/api/notify/line/preferences',
      { preferences: { depositCredited: false } },
      { token: muted.token },
    );
    expect(res.body).toMatchObject({ preferences: { depositCredited: false, withdrawalPaid: true } });
    const gone = await join(t, uniqueIp());
    const goneUser = await linkLine(t, gone, 'th');
    await t.app.inject({ method: 'POST', url: `/sandbox/line/_users/${goneUser}/unfollow` });
    const never = await join(t, uniqueIp());
    for (const p of [muted, gone, never]) await deposit(t, p.id, 10_000n);
    const results = await runLinePushes(t);
    expect(results).toEqual([{ status: 'skipped' }, { status: 'skipped' }, { status: 'skipped' }]);
    expect(await lineMessages(t, mutedUser)).toEqual([]);
    expect(await lineMessages(t, goneUser)).toEqual([]);
    const reasons = await t.ctx.db
      .select({ detail: lineDeliveries.detail })
      .from(lineDeliveries)
      .where(eq(lineDeliveries.status, 'skipped'));
    expect(reasons.map((r) => r.detail)).toEqual(expect.arrayContaining(['muted', 'unfollowed', 'not linked']));
  });

  it('withdrawal paid / rejected and an ended bonus use their own texts; a new language applies at once', async () => {
    const p = await join(t, uniqueIp());
    const userId = await linkLine(t, p, 'th');
    await put(t, '/api/notify/line/preferences', { preferences: {}, language: 'en' }, { token: p.token });
    await t.ctx.db.transaction(async (tx) => {
      await emit(tx, { type: 'withdrawal.changed', payload: { memberId: p.id, withdrawalId: 'W1', status: 'paid' } });
      await emit(tx, {
        type: 'withdrawal.changed',
        payload: { memberId: p.id, withdrawalId: 'W2', status: 'rejected' },
      });
      await emit(tx, {
        type: 'withdrawal.changed',
        payload: { memberId: p.id, withdrawalId: 'W3', status: 'approved' },
      });
      await emit(tx, { type: 'condition.changed', payload: { memberId: p.id, conditionId: '9', status: 'completed' } });
    });
    await deliverOutbox(t);
    await runLinePushes(t);
    expect((await lineMessages(t, userId)).sort()).toEqual(
      [
        'Your bonus has ended. See the details in the app.',
        'Your withdrawal has been paid to your bank account.',
        'Your withdrawal request was not approved. See the details in the app.',
      ].sort(),
    );
  });

  it('operator alerts: a withdrawal above the setting waiting for review goes to the LINE group, once', async () => {
    const group = `C${'c'.repeat(32)}`;
    await t.ctx.settings.set('lineOperatorAlerts', { groupId: group, largeWithdrawalAbove: 1_000 });
    const p = await join(t, uniqueIp());
    await deposit(t, p.id, 5_000n * 100n);
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': 'line-alert-small' },
      payload: { amount: 500 },
    });
    const large = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': 'line-alert-large' },
      payload: { amount: 2_000 },
    });
    expect([small.statusCode, large.statusCode]).toEqual([200, 200]);
    await deliverOutbox(t);
    expect(await runLinePushes(t, { job: 'line-alert' })).toEqual([{ status: 'sent' }]);
    const texts = await lineMessages(t, group);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      /^คำขอถอน \S+ ยอด 2,000\.00 THB รอตรวจสอบ\nWithdrawal \S+ of 2,000\.00 THB is waiting for review\.$/,
    );
    await t.ctx.settings.set('lineOperatorAlerts', { groupId: '', largeWithdrawalAbove: 1_000 });
  });
});
