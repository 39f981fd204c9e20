import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { spinSlices, spinWheels } from '../../db/schema/spin-wheel.ts';

export type WheelRow = typeof spinWheels.$inferSelect;
export type SliceRow = typeof spinSlices.$inferSelect;
export type LiveWheel = WheelRow & { slices: SliceRow[] };

/** The wheel players see at `now`: active, inside its window; the newest if several qualify. */
export async function liveWheel(db: Db | Tx, now: Date): Promise<LiveWheel | null> {
  const [wheel] = await db
    .select()
    .from(spinWheels)
    .where(
      and(
        eq(spinWheels.isActive, true),
        or(isNull(spinWheels.startsAt), lte(spinWheels.startsAt, now)),
        or(isNull(spinWheels.endsAt), gt(spinWheels.endsAt, now)),
      ),
    )
    .orderBy(desc(spinWheels.updatedAt), desc(spinWheels.id))
    .limit(1);
  if (!wheel) return null;
  return { ...wheel, slices: await slicesOf(db, wheel.id) };
}

/** A wheel's current slices in drawing order (removed ones stay only for history). */
export function slicesOf(db: Db | Tx, wheelId: number): Promise<SliceRow[]> {
  return db
    .select()
    .from(spinSlices)
    .where(and(eq(spinSlices.wheelId, wheelId), eq(spinSlices.removed, false)))
    .orderBy(asc(spinSlices.position));
}
