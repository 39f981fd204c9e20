import { eq } from 'drizzle-orm';
import { spinSlices, spinWheels } from '../../src/db/schema/spin-wheel.ts';
import { emit } from '../../src/events/emit.ts';
import { OutboxRelay } from '../../src/events/outbox-relay.ts';
import { modules } from '../../src/bootstrap/modules.ts';
import { createSpinWheelModule, spinWheelModule } from '../../src/modules/spin-wheel/spin-wheel.module.ts';
import type { RandomInt } from '../../src/modules/spin-wheel/draw.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Which slice the next draws pick: set `next` to a slice code, or null for crypto.randomInt. */
export type DrawControl = { code: string | null; weights: Array<{ code: string; weight: number }> };

/**
 * The app with every module, the spin wheel's random source steerable: `control.code = 'CASH_10'` makes the next
 * draws land there (the value handed to drawIndex is the start of that slice's weight range).
 */
export async function createSpinApp(): Promise<{ t: TestApp; control: DrawControl }> {
  const control: DrawControl = { code: null, weights: [] };
  const random: RandomInt = (max) => {
    if (control.code === null) return Math.floor(Math.random() * max);
    let start = 0;
    for (const s of control.weights) {
      if (s.code === control.code) return start;
      start += s.weight;
    }
    throw new Error(`no slice ${control.code}`);
  };
  const t = await createTestApp({
    modules: [...modules.filter((m) => m !== spinWheelModule), createSpinWheelModule({ random })],
  });
  const [wheel] = await t.ctx.db.select().from(spinWheels).where(eq(spinWheels.isActive, true));
  if (!wheel) throw new Error('the demo wheel was not seeded');
  control.weights = (await t.ctx.db.select().from(spinSlices).where(eq(spinSlices.wheelId, wheel.id))).sort(
    (a, b) => a.position - b.position,
  );
  return { t, control };
}

/** Emit deposit.credited as the deposits module does, then deliver it to the app's subscribers. */
export async function creditDeposit(t: TestApp, memberId: number, depositId: string, minor: bigint): Promise<void> {
  await t.ctx.db.transaction((tx) =>
    emit(tx, {
      type: 'deposit.credited',
      payload: { memberId, depositId, amount: String(minor), currency: 'THB' },
    }),
  );
  await deliverOutbox(t);
}

export async function deliverOutbox(t: TestApp): Promise<void> {
  const relay = new OutboxRelay({
    db: t.ctx.db,
    log: t.ctx.log,
    subscribers: t.modules.flatMap((m) => m.subscribers ?? []),
    runner: 'test',
  });
  while ((await relay.deliverDue()).claimed > 0) {
    // drain
  }
}
