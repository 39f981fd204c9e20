import type { PromotionReportRow } from '@wallet/contract/admin/promotions';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bangkokDayStart } from '../../lib/bangkok-time.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import { withRows } from '../../db/raw.ts';

const DAY_MS = 86_400_000;
type Row = Record<string, unknown>;

/**
 * Per promotion (or condition source) and Bangkok day of the condition's start: claims, money credited, money
 * taken back (cancels, maxWithdraw caps), and the valid bets its members made while it ran. Default range: the last 14 days.
 */
export async function promotionReport(
  db: Db,
  now: Date,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<{ rows: PromotionReportRow[] }> {
  const to = query.to ? new Date(query.to) : new Date(bangkokDayStart(now).getTime() + DAY_MS);
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - 14 * DAY_MS);
  const result = await db.execute(sql`
    select to_char(c.started_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day,
           c.promotion_id, coalesce(p.code, c.source) as code,
           count(*)::int as claims, sum(c.bonus)::text as cost, sum(c.forfeited)::text as forfeited,
           coalesce(sum((select sum(b.stake) from game_bets b
                         where b.member_id = c.member_id and b.placed_at >= c.started_at
                           and b.placed_at < coalesce(c.ended_at, 'infinity'::timestamptz))), 0)::text as turnover
    from promotion_conditions c left join promotions p on p.id = c.promotion_id
    where c.started_at >= ${from} and c.started_at < ${to}
    group by 1, 2, 3
    order by 1 desc, 3`);
  const rows = withRows<Row>(result).rows;
  return {
    rows: rows.map((r) => ({
      day: String(r.day),
      promotionId: r.promotion_id == null ? null : Number(r.promotion_id),
      code: String(r.code),
      claims: Number(r.claims),
      cost: toMajor(BigInt(String(r.cost ?? '0'))),
      forfeited: toMajor(BigInt(String(r.forfeited ?? '0'))),
      turnover: toMajor(BigInt(String(r.turnover ?? '0'))),
    })),
  };
}
