import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emit } from '../../src/events/emit.ts';
import type { DomainEvent } from '../../src/events/event-map.ts';
import { adminCall, operators } from '../backoffice/backoffice-helpers.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';
import { deliverOutbox } from '../helpers/test-app.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';

/** The member's in-app notifications (docs/decisions/0043-in-app-notifications.md). */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
let fin: string;
beforeAll(async () => {
  h = await createDepositsHarness();
  h.t.clock.set(new Date('2026-11-27T05:00:00Z'));
  fin = (await operators(h.t, { fin: ['finance'] })).fin!;
  const lookup = await h.t.ctx.settings.get('deposit');
  await h.t.ctx.settings.set('deposit', { ...lookup, isManual: true });
});
afterAll(async () => {
  await expectLedgerSound(h.t);
  await h.close();
});

const emitEvent = (event: DomainEvent) => h.t.ctx.db.transaction((tx) => emit(tx, event));
const list = (token: string, query = '') => h.send('GET', `/api/inbox${query}`, undefined, token);

describe('inbox', () => {
  it('a credited deposit becomes one entry, pushed to the member once, however often the event is delivered', async () => {
    const m = await h.member();
    const pushes = vi.spyOn(h.t.ctx.realtime, 'push');
    expect((await h.send('POST', '/api/wallet/add', { amount: 500 }, m.token)).status).toBe(200);
    const [notice] = await h.deposits(m.id);
    expect(
      (await adminCall(h.t, fin, 'POST', `/api/admin/deposits/${notice!.id}/confirm`, { note: 'seen' })).status,
    ).toBe(200);
    await deliverOutbox(h.t);
    // the relay's redelivery (a crash after the handler ran) repeats the event: still one entry, one push
    await emitEvent({
      type: 'deposit.credited',
      payload: { memberId: m.id, depositId: notice!.id, amount: '50000', currency: 'THB', channel: 'manual' },
    });
    await deliverOutbox(h.t);

    const res = await list(m.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 1,
      unread: 1,
      entries: [
        {
          id: expect.any(String),
          kind: 'deposit_credited',
          params: { amount: '500.00', currency: 'THB', depositId: notice!.id },
          createdAt: expect.stringMatching(/^2026-11-27T/),
          isRead: false,
        },
      ],
    });
    const added = pushes.mock.calls.filter(([id, event]) => id === m.id && event === 'inbox.added');
    expect(added).toEqual([[m.id, 'inbox.added', { entry: res.body.entries[0], unread: 1 }]]);
    pushes.mockRestore();
    expect(await h.walletMinor(m.id)).toBe(50_000n);
  });

  it('a slip credit, a paid and a rejected withdrawal, a completed and an ended bonus; nothing for the steps between', async () => {
    const m = await h.member();
    const events: DomainEvent[] = [
      {
        type: 'deposit.credited',
        payload: { memberId: m.id, depositId: 'SLIP1', amount: '12345', currency: 'THB', channel: 'slip' },
      },
      { type: 'withdrawal.changed', payload: { memberId: m.id, withdrawalId: 'W1', status: 'pending_review' } },
      { type: 'withdrawal.changed', payload: { memberId: m.id, withdrawalId: 'W1', status: 'paid' } },
      { type: 'withdrawal.changed', payload: { memberId: m.id, withdrawalId: 'W2', status: 'rejected' } },
      { type: 'condition.changed', payload: { memberId: m.id, conditionId: '7', status: 'running' } },
      { type: 'condition.changed', payload: { memberId: m.id, conditionId: '7', status: 'success' } },
      { type: 'condition.changed', payload: { memberId: m.id, conditionId: '8', status: 'cancelled' } },
    ];
    for (const event of events) await emitEvent(event);
    await deliverOutbox(h.t);
    const res = await list(m.token);
    expect(res.body.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'bonus_ended',
      'bonus_completed',
      'withdrawal_rejected',
      'withdrawal_paid',
      'slip_verified',
    ]);
    expect(res.body.entries[4].params).toEqual({ amount: '123.45', currency: 'THB', depositId: 'SLIP1' });
  });

  it('pages newest first; marks one read, then all; the unread count follows', async () => {
    const m = await h.member();
    for (let i = 1; i <= 5; i++) {
      await emitEvent({
        type: 'withdrawal.changed',
        payload: { memberId: m.id, withdrawalId: `P${i}`, status: 'paid' },
      });
    }
    await deliverOutbox(h.t);
    const first = await list(m.token, '?page=1&limit=2');
    expect(first.body.total).toBe(5);
    expect(first.body.entries.map((e: { params: { withdrawalId: string } }) => e.params.withdrawalId)).toEqual([
      'P5',
      'P4',
    ]);
    const third = await list(m.token, '?page=3&limit=2');
    expect(third.body.entries.map((e: { params: { withdrawalId: string } }) => e.params.withdrawalId)).toEqual(['P1']);

    const read = await h.send('POST', `/api/inbox/${first.body.entries[0].id}/read`, undefined, m.token);
    expect(read.body).toEqual({ unread: 4 });
    expect((await h.send('POST', `/api/inbox/${first.body.entries[0].id}/read`, undefined, m.token)).body).toEqual({
      unread: 4,
    });
    expect((await h.send('GET', '/api/inbox/unread', undefined, m.token)).body).toEqual({ unread: 4 });
    const after = await list(m.token, '?page=1&limit=2');
    expect(after.body.entries.map((e: { isRead: boolean }) => e.isRead)).toEqual([true, false]);

    expect((await h.send('POST', '/api/inbox/read-all', undefined, m.token)).body).toEqual({ unread: 0 });
    expect((await list(m.token)).body.unread).toBe(0);
  });
});
