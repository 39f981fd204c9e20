import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '../../src/db/schema/events.ts';
import { runLedgerCheck } from '../../src/modules/backoffice/backoffice.api.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import { grantCoins } from '../../src/modules/spin-wheel/spin-wheel.api.ts';
import { post, put, uniqueIp } from '../account/account-helpers.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';
import { deliverOutbox, type TestApp } from '../helpers/test-app.ts';
import { join } from '../referral/referral-harness.ts';
import { createSpinApp, type DrawControl } from '../spin-wheel/spin-fixture.ts';
import { lineMessages, linkLine, runLinePushes } from './notify-harness.ts';

/**
 * The LINE kinds beyond deposits and withdrawals (docs/decisions/0041-line-notifications.md): a refused slip and a
 * coupon won on the wheel reach the member, a ledger check that finds problems reaches the operators' group — each
 * event written in the transaction of its change, each message once however often the event or the job repeats.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let control: DrawControl;
beforeAll(async () => {
  ({ t, control } = await createSpinApp());
  // 12:00 Bangkok: the slip window is open
  t.clock.set(new Date('2026-11-23T05:00:00Z'));
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** every event of a type delivered once more, as a relay that died before recording them would */
async function redeliver(type: string): Promise<void> {
  const rows = await t.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.type, type));
  for (const sub of t.modules.flatMap((m) => m.subscribers ?? []).filter((s) => s.event === type))
    for (const row of rows)
      await sub.handle(row.payload as never, { eventId: Number(row.id), createdAt: t.clock.now() });
}

describe('LINE: slip refused, coupon won, reconciliation mismatch', () => {
  it('a refused slip is told once, in the member language', async () => {
    const p = await join(t, uniqueIp());
    const userId = await linkLine(t, p, 'en');
    const sharp = (await import('sharp')).default;
    const blank = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipart([{ name: 'file', data: blank, filename: 'slip.png', type: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      payload,
      headers: { ...headers, authorization: `Bearer ${p.token}` },
    });
    expect(res.json()).toMatchObject({ status: 'FAILED', note: 'CANNOT_READ_CROPPED_IMAGE' });
    await deliverOutbox(t);
    await redeliver('slip.refused');
    await runLinePushes(t, { keepQueued: true });
    await runLinePushes(t);
    expect(await lineMessages(t, userId)).toEqual([
      'The slip you sent was not accepted and nothing was credited. See why in the app.',
    ]);
  });

  it('a coupon won on the wheel is told once with its amount and deadline; muting the kind stops it', async () => {
    const p = await join(t, uniqueIp());
    const userId = await linkLine(t, p, 'th');
    await grantCoins(new LedgerService(t.ctx.db), { memberId: p.id, coins: 2, key: `line-coupon:${p.id}` });
    control.code = 'CASH_10';
    expect((await post(t, '/api/spinwheel/spin', undefined, { token: p.token })).status).toBe(200);
    await deliverOutbox(t);
    await redeliver('coupon.won');
    await runLinePushes(t);
    const texts = await lineMessages(t, userId);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^คุณได้รับคูปอง 10\.00 THB จากวงล้อ กดรับในแอปก่อน \d{4}-\d\d-\d\d \d\d:\d\d$/);

    const muted = await put(
      t,
      '/api/notify/line/preferences',
      { preferences: { couponWon: false } },
      { token: p.token },
    );
    expect(muted.body).toMatchObject({ preferences: { couponWon: false, slipRefused: true } });
    expect((await post(t, '/api/spinwheel/spin', undefined, { token: p.token })).status).toBe(200);
    await deliverOutbox(t);
    expect(await runLinePushes(t)).toEqual([{ status: 'skipped' }]);
    expect(await lineMessages(t, userId)).toHaveLength(1);
    control.code = null;
  });

  it('a ledger check that finds problems alerts the operators group once; a clean one says nothing', async () => {
    const group = `C${'d'.repeat(32)}`;
    await t.ctx.settings.set('lineOperatorAlerts', { groupId: group, largeWithdrawalAbove: 1_000_000 });
    const deps = { db: t.ctx.db, now: () => t.clock.now() };
    await runLedgerCheck({ ...deps, check: async () => [] }, 'nightly', null);
    const run = await runLedgerCheck({ ...deps, check: async () => ['a', 'b'] }, 'manual', 'admin');
    await deliverOutbox(t);
    await redeliver('reconciliation.mismatch');
    expect(await runLinePushes(t, { job: 'line-alert' })).toEqual([{ status: 'sent' }, { status: 'already sent' }]);
    expect(await lineMessages(t, group)).toEqual([
      `การตรวจสอบบัญชี #${run.id} (manual) พบปัญหา 2 รายการ โปรดตรวจสอบหน้า Reconciliation ในคอนโซล\nLedger check #${run.id} (manual) found 2 problem(s): see Reconciliation in the console.`,
    ]);
    await t.ctx.settings.set('lineOperatorAlerts', { groupId: '', largeWithdrawalAbove: 50_000 });
  });
});
