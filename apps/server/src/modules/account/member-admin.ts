import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankNamesTH } from '../content/content.api.ts';
import { memberRiskFlags, members, memberSecurityEvents } from '../../db/schema/account.ts';
import { PAYOUT_ACCOUNT_CHANGED } from './payout-cooling.ts';
import { emit } from '../../events/emit.ts';
import { withRows } from '../../db/raw.ts';

/** A member as the back office lists it. */
export type MemberRecord = {
  id: number;
  username: string;
  name: string;
  currency: string;
  bankCode: string;
  bankNameTH: string | null;
  bankAccountName: string;
  bankAccountNo: string;
  status: 'active' | 'inactive';
  createdAt: Date;
  flagged: boolean;
  payoutHold: boolean;
};

const columns = {
  id: members.id,
  username: members.username,
  name: members.name,
  currency: members.currency,
  bankCode: members.bankCode,
  bankAccountName: members.bankAccountName,
  bankAccountNo: members.bankAccountNo,
  status: members.status,
  createdAt: members.createdAt,
  flagged: memberRiskFlags.flagged,
  payoutHold: memberRiskFlags.payoutHold,
};

type Row = { [K in keyof typeof columns]: unknown };
const toRecord = (r: Row, bankNames: ReadonlyMap<string, string>): MemberRecord => ({
  ...(r as Omit<MemberRecord, 'bankNameTH'>),
  bankNameTH: bankNames.get(String(r.bankCode)) ?? null,
  status: r.status === 'inactive' ? 'inactive' : 'active',
  flagged: r.flagged === true,
  payoutHold: r.payoutHold === true,
});

/** `%` and `_` typed by an operator match themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search members by member id (digits, exact), phone (username, digits, prefix), bank account number (digits,
 * contains) or name (contains, case-insensitive); an empty query lists everyone. Newest first, one page.
 */
const SORT_COLUMNS = { id: members.id, name: members.name, createdAt: members.createdAt } as const;

/** ORDER BY for the member list: the whitelisted column, then id (a stable order across pages). */
function memberOrder(sort: keyof typeof SORT_COLUMNS = 'id', dir: 'asc' | 'desc' = 'desc') {
  const by = dir === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[sort] ?? members.id;
  return column === members.id ? [by(members.id)] : [by(column), by(members.id)];
}

export async function searchMembers(
  db: Db,
  query: {
    q: string;
    page: number;
    pageSize: number;
    from?: string | undefined;
    to?: string | undefined;
    /** a whitelisted column (the contract's enum); anything else sorts by id */
    sort?: 'id' | 'name' | 'createdAt';
    dir?: 'asc' | 'desc';
  },
): Promise<{ rows: MemberRecord[]; total: number }> {
  const q = query.q.trim();
  let where: SQL | undefined;
  if (q !== '') {
    const digits = q.replace(/[\s-]/g, '');
    const conditions: SQL[] = [ilike(members.name, `%${likeEscape(q)}%`)];
    if (/^\d+$/.test(digits)) {
      if (digits.length <= 9 && Number(digits) <= 2_147_483_647) conditions.push(eq(members.id, Number(digits)));
      conditions.push(ilike(members.username, `${digits}%`));
      conditions.push(ilike(members.bankAccountNo, `%${digits}%`));
    }
    where = or(...conditions);
  }
  // registered in [from, to)
  where = and(
    where,
    query.from ? gte(members.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(members.createdAt, new Date(query.to)) : undefined,
  );
  const base = db.select(columns).from(members).leftJoin(memberRiskFlags, eq(memberRiskFlags.memberId, members.id));
  const rows = await base
    .where(where)
    .orderBy(...memberOrder(query.sort, query.dir))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(members).where(where);
  const names = await bankNamesTH(db);
  return { rows: rows.map((row) => toRecord(row, names)), total: Number(total?.n ?? 0) };
}

export async function memberRecord(db: Db | Tx, memberId: number): Promise<MemberRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(members)
    .leftJoin(memberRiskFlags, eq(memberRiskFlags.memberId, members.id))
    .where(eq(members.id, memberId));
  return row ? toRecord(row, await bankNamesTH(db)) : undefined;
}

/**
 * Activate or deactivate a member inside the caller's transaction (locked row); emits `member.updated`. Returns the
 * status before, or undefined when the member does not exist. The caller revokes sessions and writes the audit row.
 */
export async function setMemberStatus(
  tx: Tx,
  memberId: number,
  status: 'active' | 'inactive',
  at: Date,
): Promise<{ before: 'active' | 'inactive' } | undefined> {
  const [row] = await tx.select({ status: members.status }).from(members).where(eq(members.id, memberId)).for('update');
  if (!row) return undefined;
  const before = row.status === 'inactive' ? 'inactive' : 'active';
  if (before !== status) {
    await tx.update(members).set({ status, updatedAt: at }).where(eq(members.id, memberId));
    await emit(tx, { type: 'member.updated', payload: { memberId, fields: ['status'] } });
  }
  return { before };
}

type PayoutAccountRef = { bankCode: string; bankAccountNo: string };

/** The member's latest payout-account changes (step-up verified), newest first: when, and the account before and after. */
export async function payoutAccountChanges(
  db: Db | Tx,
  memberId: number,
  limit: number,
): Promise<Array<{ at: Date; before: PayoutAccountRef | null; after: PayoutAccountRef | null }>> {
  const rows = await db
    .select({ at: memberSecurityEvents.createdAt, detail: memberSecurityEvents.detail })
    .from(memberSecurityEvents)
    .where(and(eq(memberSecurityEvents.memberId, memberId), eq(memberSecurityEvents.kind, PAYOUT_ACCOUNT_CHANGED)))
    .orderBy(desc(memberSecurityEvents.createdAt))
    .limit(limit);
  return rows.map((r) => {
    const detail = (r.detail ?? {}) as { before?: PayoutAccountRef; after?: PayoutAccountRef };
    return { at: r.at, before: detail.before ?? null, after: detail.after ?? null };
  });
}

/** New members per Bangkok day in [from, to), and the count of all members. */
export async function newMembersByDay(db: Db, from: Date, to: Date): Promise<Map<string, number>> {
  const rows = withRows<{ day: string; n: number }>(await db.execute(sqlNewMembers(from, to)));
  return new Map(rows.rows.map((r) => [r.day, Number(r.n)]));
}

const sqlNewMembers = (from: Date, to: Date) =>
  sql`select to_char(created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, count(*)::int as n
      from members where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
      group by 1`;
