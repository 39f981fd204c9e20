import {
  validWheelWeights,
  type AdminCoupon,
  type SpinDay,
  type Wheel,
  type WheelInput,
} from '@wallet/contract/admin/spinwheel';
import type { Page } from '@wallet/contract/admin/paging';
import { and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { spinCoupons, spinSlices, spinWheels } from '../../db/schema/spin-wheel.ts';
import { AppError } from '../../errors.ts';
import { appendAudit } from '../audit/audit.api.ts';
import type { AuthOperator } from '../auth/auth.api.ts';
import { toMajor, toMinor } from '../ledger/ledger.api.ts';
import { oddsPercent } from './draw.ts';
import { slicesOf, type SliceRow, type WheelRow } from './wheel.repository.ts';
import { withRows } from '../../db/raw.ts';

type Meta = { ip: string | null };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toWheel(wheel: WheelRow, slices: SliceRow[]): Wheel {
  const percents = oddsPercent(slices.map((s) => s.weight));
  return {
    id: wheel.id,
    name: wheel.name,
    isActive: wheel.isActive,
    startsAt: iso(wheel.startsAt),
    endsAt: iso(wheel.endsAt),
    updatedAt: wheel.updatedAt.toISOString(),
    slices: slices.map((s, i) => ({
      code: s.code,
      label: s.label,
      description: s.description,
      bgColor: s.bgColor,
      textColor: s.textColor,
      weight: s.weight,
      prizeType: s.prizeType,
      amount: toMajor(s.amount),
      couponHours: s.couponHours,
      condition: s.condition ?? null,
      percent: percents[i] ?? 0,
    })),
  };
}

/** The back-office side of the wheel (role marketing): every change writes an audit row in its transaction. */
export class WheelAdminService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(): Promise<{ wheels: Wheel[] }> {
    const wheels = await this.deps.db.select().from(spinWheels).orderBy(desc(spinWheels.id));
    return { wheels: await Promise.all(wheels.map(async (w) => toWheel(w, await slicesOf(this.deps.db, w.id)))) };
  }

  create(actor: AuthOperator, input: WheelInput, meta: Meta): Promise<{ wheel: Wheel }> {
    assertWeights(input);
    return this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const [row] = await tx
        .insert(spinWheels)
        .values({ ...wheelFields(input), createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('spin-wheel: insert returned nothing');
      return { wheel: await this.save(tx, actor, row, null, input, meta) };
    });
  }

  update(actor: AuthOperator, id: number, input: WheelInput, meta: Meta): Promise<{ wheel: Wheel }> {
    assertWeights(input);
    return this.deps.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(spinWheels).where(eq(spinWheels.id, id)).for('update');
      if (!existing) throw new AppError('NOT_FOUND');
      const before = toWheel(existing, await slicesOf(tx, id));
      const [row] = await tx
        .update(spinWheels)
        .set({ ...wheelFields(input), updatedAt: this.deps.clock.now() })
        .where(eq(spinWheels.id, id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      return { wheel: await this.save(tx, actor, row, before, input, meta) };
    });
  }

  /** Upsert the slices by code (a removed slice is kept, flagged, for its draws' history), deactivate the others. */
  private async save(
    tx: Tx,
    actor: AuthOperator,
    wheel: WheelRow,
    before: Wheel | null,
    input: WheelInput,
    meta: Meta,
  ): Promise<Wheel> {
    await tx.update(spinSlices).set({ removed: true }).where(eq(spinSlices.wheelId, wheel.id));
    for (const [position, s] of input.slices.entries()) {
      const fields = {
        position,
        label: s.label,
        description: s.description,
        bgColor: s.bgColor,
        textColor: s.textColor,
        weight: s.weight,
        prizeType: s.prizeType,
        amount: toMinor(s.amount),
        couponHours: s.couponHours,
        condition: s.condition,
        removed: false,
      };
      await tx
        .insert(spinSlices)
        .values({ wheelId: wheel.id, code: s.code, ...fields })
        .onConflictDoUpdate({ target: [spinSlices.wheelId, spinSlices.code], set: fields });
    }
    if (input.isActive) {
      await tx
        .update(spinWheels)
        .set({ isActive: false })
        .where(and(eq(spinWheels.isActive, true), ne(spinWheels.id, wheel.id)));
    }
    const after = toWheel(wheel, await slicesOf(tx, wheel.id));
    await appendAudit(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action: before ? 'spinwheel.update' : 'spinwheel.create',
        target: `spinwheel:${wheel.id}`,
        before,
        after,
        ip: meta.ip,
      },
      this.deps.clock.now(),
    );
    return after;
  }

  async coupons(query: { page: number; pageSize: number; from?: string; to?: string }): Promise<Page<AdminCoupon>> {
    const where = and(
      query.from ? gte(spinCoupons.createdAt, new Date(query.from)) : undefined,
      query.to ? lt(spinCoupons.createdAt, new Date(query.to)) : undefined,
    );
    const [total] = await this.deps.db.select({ n: count() }).from(spinCoupons).where(where);
    const rows = await this.deps.db
      .select({ c: spinCoupons, code: spinSlices.code })
      .from(spinCoupons)
      .innerJoin(spinSlices, eq(spinSlices.id, spinCoupons.sliceId))
      .where(where)
      .orderBy(desc(spinCoupons.createdAt), desc(spinCoupons.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      page: query.page,
      pageSize: query.pageSize,
      total: total?.n ?? 0,
      rows: rows.map(({ c, code }) => ({
        id: c.id,
        memberId: c.memberId,
        slice: code,
        prizeType: c.prizeType,
        amount: toMajor(c.amount),
        status: c.status,
        createdAt: c.createdAt.toISOString(),
        expiresAt: c.expiresAt.toISOString(),
        claimedAt: iso(c.claimedAt),
      })),
    };
  }

  /** Spins and claims per Asia/Bangkok day over the last 14 days, newest first. */
  async stats(): Promise<{ days: SpinDay[] }> {
    const since = new Date(this.deps.clock.now().getTime() - 14 * 86_400_000);
    const result = withRows<{ day: string; spins: number; claims: number; claimed: string }>(
      await this.deps.db.execute(sql`
      with spins as (
        select to_char(created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, count(*)::int as n
        from spin_draws where created_at >= ${since} group by 1),
      claims as (
        select to_char(claimed_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, count(*)::int as n,
               sum(amount)::text as total
        from spin_coupons where status = 'claimed' and claimed_at >= ${since} group by 1)
      select coalesce(s.day, c.day) as day, coalesce(s.n, 0) as spins, coalesce(c.n, 0) as claims,
             coalesce(c.total, '0') as claimed
      from spins s full join claims c on c.day = s.day order by 1 desc`),
    );
    return {
      days: result.rows.map((r) => ({
        day: String(r.day),
        spins: Number(r.spins),
        claims: Number(r.claims),
        claimed: toMajor(BigInt(r.claimed)),
      })),
    };
  }
}

/**
 * A negative, fractional or too large weight, or all weights 0, is refused before anything is written: a slice is
 * never silently dropped from a live wheel (docs/decisions/0022-four-eyes-approvals.md).
 */
function assertWeights(input: WheelInput): void {
  if (!validWheelWeights(input.slices.map((s) => s.weight))) throw new AppError('WHEEL_WEIGHT_INVALID');
}

function wheelFields(input: WheelInput) {
  return {
    name: input.name,
    isActive: input.isActive,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
}
