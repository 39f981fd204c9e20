import type { AdminDepositStatus, DEPOSIT_SORTS, DepositChannel } from '@wallet/contract/admin/deposits';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withRows } from '../../db/raw.ts';
import { memberIdsMatching } from '../account/account.api.ts';

type DepositSort = (typeof DEPOSIT_SORTS)[number];

/** One row of the operator's list, before the member's name is added. */
export type DepositListRow = {
  id: string;
  channel: DepositChannel;
  memberId: number;
  amount: bigint | null;
  currency: string;
  status: AdminDepositStatus;
  detail: string | null;
  depositId: string | null;
  reviewedBy: string | null;
  createdAt: Date;
};

export type DepositListFilter = {
  status?: AdminDepositStatus;
  channel?: DepositChannel;
  /** a member id or username */
  member?: string;
  /** a whitelisted key of the contract (`queue`: waiting for review first, then newest first) */
  sort?: DepositSort;
  dir?: 'asc' | 'desc';
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
};

/**
 * Every channel as one list (each source keeps its own table): slips, QR payments (with the money recorded for
 * them), vouchers, manual notices, and money recorded for a QR that no longer exists. One status across channels.
 */
const UNIFIED = sql`
  select s.id, 'slip' as channel, s.member_id, s.amount, s.currency,
         case when d.status is not null then d.status
              when s.status = 'SUCCESS' then 'credited' when s.status = 'FAILED' then 'failed'
              else 'processing' end as status,
         case when d.source_id is not null and d.source_id <> s.id then 'held with slip ' || d.source_id
              else coalesce(s.note, d.note) end as detail,
         -- a slip in review shares its deposit with the slip that recorded it: only that one is decided
         case when d.source_id is not null and d.source_id <> s.id then null else s.deposit_id end,
         d.reviewed_by, s.created_at
  from slips s
  left join deposits d on d.id = s.deposit_id
  union all
  select q.id, 'qr', q.member_id, coalesce(d.amount, q.amount), q.currency,
         case when d.status is not null then d.status
              when q.status in ('creating', 'open') then 'processing'
              when q.status = 'paid' then 'credited'
              else q.status end,
         q.provider || ' · ' || q.status || coalesce(' · ' || d.note, ''), d.id, d.reviewed_by, q.created_at
  from qr_payments q
  left join lateral (
    select * from deposits x where x.channel = 'qr' and x.source_id = q.id order by x.created_at desc limit 1
  ) d on true
  union all
  select substr(v.hash, 1, 24), 'truewallet', v.member_id, v.amount, 'THB',
         case v.status when 'credited' then 'credited' when 'refused' then 'failed' else 'processing' end,
         v.status || coalesce(' · ' || v.code, ''), v.deposit_id, null, v.created_at
  from true_vouchers v
  union all
  select d.id, 'manual', d.member_id, d.amount, d.currency, d.status, d.note, d.id, d.reviewed_by, d.created_at
  from deposits d where d.channel = 'manual'
`;

/** `memberIds`: the members the member filter names (account.api.ts), resolved before the query. */
function whereOf(f: DepositListFilter, memberIds: number[]): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`u.status = ${f.status}`);
  if (f.channel) parts.push(sql`u.channel = ${f.channel}`);
  if (f.member) {
    const ids = memberIds;
    parts.push(
      ids.length > 0
        ? sql`u.member_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (f.from) parts.push(sql`u.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`u.created_at < ${f.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

type RawRow = {
  id: string;
  channel: DepositChannel;
  member_id: number;
  amount: string | null;
  currency: string;
  status: AdminDepositStatus;
  detail: string | null;
  deposit_id: string | null;
  reviewed_by: string | null;
  created_at: string | Date;
};

const toRow = (r: RawRow): DepositListRow => ({
  id: r.id,
  channel: r.channel,
  memberId: Number(r.member_id),
  amount: r.amount === null ? null : BigInt(r.amount),
  currency: r.currency,
  status: r.status,
  detail: r.detail,
  depositId: r.deposit_id,
  reviewedBy: r.reviewed_by,
  createdAt: new Date(r.created_at),
});

/** Each sort key's columns (never operator text), ending with the creation time and id: a stable order across pages. */
const SORT_KEYS: Record<DepositSort, SQL> = {
  queue: sql`(u.status = 'review') desc, u.created_at desc, u.id`,
  createdAt: sql`u.created_at`,
  amount: sql`u.amount`,
  status: sql`u.status`,
  channel: sql`u.channel`,
};
function orderOf(f: DepositListFilter): SQL {
  const sort = f.sort ?? 'queue';
  if (sort === 'queue') return SORT_KEYS.queue;
  const dir = f.dir === 'asc' ? sql`asc` : sql`desc`;
  return sql`${SORT_KEYS[sort]} ${dir} nulls last, u.created_at ${dir}, u.id ${dir}`;
}

/** The operator's list: waiting for review first, then newest first, unless sorted by a column. */
export async function listDeposits(db: Db, f: DepositListFilter): Promise<{ rows: DepositListRow[]; total: number }> {
  const where = whereOf(f, f.member ? await memberIdsMatching(db, f.member) : []);
  const [page, count] = await Promise.all([
    db.execute(sql`
      select u.id, u.channel, u.member_id, u.amount::text as amount, u.currency, u.status, u.detail, u.deposit_id,
             u.reviewed_by, u.created_at
      from (${UNIFIED}) u where ${where}
      order by ${orderOf(f)}
      limit ${f.limit} offset ${f.offset}`),
    db.execute(sql`select count(*)::int as n from (${UNIFIED}) u where ${where}`),
  ]);
  const rows = withRows<RawRow>(page).rows.map(toRow);
  const total = Number(withRows<{ n: number }>(count).rows[0]?.n ?? 0);
  return { rows, total };
}

/** One row of the list by its channel and id (the detail page). */
export async function findListRow(db: Db, channel: DepositChannel, id: string): Promise<DepositListRow | null> {
  const result = withRows<RawRow>(
    await db.execute(sql`
    select u.id, u.channel, u.member_id, u.amount::text as amount, u.currency, u.status, u.detail, u.deposit_id,
           u.reviewed_by, u.created_at
    from (${UNIFIED}) u where u.channel = ${channel} and u.id = ${id} limit 1`),
  );
  const row = result.rows[0];
  return row ? toRow(row) : null;
}
