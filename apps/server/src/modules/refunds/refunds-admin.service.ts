import type { Page } from '@wallet/contract/admin/paging';
import type { AdminRefund, RefundRun } from '@wallet/contract/admin/referral-refunds';
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refundRuns, refunds } from '../../db/schema/refunds.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import { percentFromBasisPoints } from '../../lib/money-math.ts';

type PageQuery = { page: number; pageSize: number; from?: string | undefined; to?: string | undefined };
type Status = AdminRefund['status'];

/** The back-office view of refunds (role marketing): the daily runs and the refunds they made. Read-only. */
export class RefundsAdminService {
  constructor(private readonly db: Db) {}

  async runs(q: PageQuery): Promise<Page<RefundRun>> {
    const where = and(
      q.from ? gte(refundRuns.startedAt, new Date(q.from)) : undefined,
      q.to ? lt(refundRuns.startedAt, new Date(q.to)) : undefined,
    );
    const rows = await this.db
      .select()
      .from(refundRuns)
      .where(where)
      .orderBy(desc(refundRuns.day))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [total] = await this.db.select({ n: count() }).from(refundRuns).where(where);
    const received = rows.length
      ? await this.db
          .select({ day: refunds.day, n: sql<number>`count(*)`.mapWith(Number) })
          .from(refunds)
          .where(
            and(
              inArray(
                refunds.day,
                rows.map((r) => r.day),
              ),
              inArray(refunds.status, ['received', 'credited']),
            ),
          )
          .groupBy(refunds.day)
      : [];
    const receivedByDay = new Map(received.map((r) => [r.day, r.n]));
    return {
      rows: rows.map((r) => ({
        id: r.id,
        day: r.day,
        lossPercent: percentFromBasisPoints(r.basisPoints),
        minRefund: toMajor(r.minRefund),
        members: r.members,
        total: toMajor(r.total),
        received: receivedByDay.get(r.day) ?? 0,
        startedAt: r.startedAt.toISOString(),
        finishedAt: r.finishedAt?.toISOString() ?? null,
      })),
      total: Number(total?.n ?? 0),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async list(q: PageQuery & { memberId?: number | undefined }): Promise<Page<AdminRefund>> {
    const where = and(
      q.memberId ? eq(refunds.memberId, q.memberId) : undefined,
      q.from ? gte(refunds.createdAt, new Date(q.from)) : undefined,
      q.to ? lt(refunds.createdAt, new Date(q.to)) : undefined,
    );
    const rows = await this.db
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [total] = await this.db.select({ n: count() }).from(refunds).where(where);
    return {
      rows: rows.map((r) => ({
        id: String(r.id),
        memberId: r.memberId,
        day: r.day,
        loss: toMajor(r.loss),
        amount: toMajor(r.amount),
        currency: r.currency,
        status: r.status as Status,
        createdAt: r.createdAt.toISOString(),
        receivedAt: r.receivedAt?.toISOString() ?? null,
      })),
      total: Number(total?.n ?? 0),
      page: q.page,
      pageSize: q.pageSize,
    };
  }
}
