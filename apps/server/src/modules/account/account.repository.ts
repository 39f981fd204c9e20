import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { COIN_UNIT, memberCoins } from '../ledger/ledger.api.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { members, memberSecurityEvents } from '../../db/schema/account.ts';
import { emit } from '../../events/emit.ts';
import type { SessionMembers } from '../auth/auth.api.ts';
import { bankNameTH, findActiveBank, sourceExists, type BankRow } from '../content/content.api.ts';

export type { BankRow };
export type NewMember = Pick<
  typeof members.$inferInsert,
  | 'username'
  | 'passwordHash'
  | 'name'
  | 'currency'
  | 'bankCode'
  | 'bankAccountName'
  | 'bankAccountNo'
  | 'sourceCode'
  | 'inviterId'
  | 'createdAt'
  | 'updatedAt'
>;
export type BankFields = { bankCode: string; bankAccountName: string; bankAccountNo: string };

/** Which unique index a failed insert or update hit, or null for any other error. */
export function uniqueViolation(err: unknown): 'username' | 'bank' | 'other' | null {
  if (pgErrorCode(err) !== UNIQUE_VIOLATION) return null;
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth++) {
    const { constraint, message } = current as { constraint?: unknown; message?: unknown };
    const text = `${typeof constraint === 'string' ? constraint : ''} ${typeof message === 'string' ? message : ''}`;
    if (text.includes('members_username_uq')) return 'username';
    if (text.includes('members_bank_account_uq')) return 'bank';
    current = (current as { cause?: unknown }).cause;
  }
  return 'other';
}

/** The member facts a session needs (auth's SessionService reads them through this): one prepared lookup. */
export function sessionMembers(db: Db): SessionMembers {
  const lookup = db
    .select({ username: members.username, name: members.name, currency: members.currency, status: members.status })
    .from(members)
    .where(eq(members.id, sql.placeholder('id')))
    .prepare('session_member');
  return { find: async (memberId) => (await lookup.execute({ id: memberId }))[0] };
}

/** Insert a member unless its username exists (demo seeding); its id and currency either way. */
export async function ensureMember(
  db: Db,
  member: Pick<
    typeof members.$inferInsert,
    'username' | 'passwordHash' | 'name' | 'currency' | 'bankCode' | 'bankAccountName' | 'bankAccountNo' | 'inviterId'
  >,
): Promise<{ id: number; currency: string } | undefined> {
  await db.insert(members).values(member).onConflictDoNothing();
  const [row] = await db
    .select({ id: members.id, currency: members.currency })
    .from(members)
    .where(eq(members.username, member.username));
  return row;
}

/** SQL of the account module: members and their security events. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  findBank(code: string): Promise<BankRow | undefined> {
    return findActiveBank(this.db, code);
  }

  sourceExists(code: string): Promise<boolean> {
    return sourceExists(this.db, code);
  }

  async usernameExists(username: string): Promise<boolean> {
    const [row] = await this.db.select({ id: members.id }).from(members).where(eq(members.username, username));
    return row !== undefined;
  }

  /** Name, phone, currency and join date of some members (the chat console shows them). */
  async memberCards(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: members.id,
        name: members.name,
        username: members.username,
        currency: members.currency,
        createdAt: members.createdAt,
      })
      .from(members)
      .where(inArray(members.id, ids));
  }

  async memberExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: members.id }).from(members).where(eq(members.id, id));
    return row !== undefined;
  }

  /** Whether another member already holds this bank account. */
  async bankAccountTaken(bankCode: string, bankAccountNo: string, exceptMemberId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.bankCode, bankCode),
          eq(members.bankAccountNo, bankAccountNo),
          exceptMemberId === undefined ? undefined : ne(members.id, exceptMemberId),
        ),
      );
    return row !== undefined;
  }

  /** Insert a member and announce it (`member.registered`: the referral module links an invitee to the inviter). */
  insertMember(member: NewMember): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(members).values(member).returning({ id: members.id });
      await emit(tx, { type: 'member.registered', payload: { memberId: row!.id } });
      return row!.id;
    });
  }

  async findLogin(username: string) {
    const [row] = await this.db
      .select({ id: members.id, passwordHash: members.passwordHash, status: members.status })
      .from(members)
      .where(eq(members.username, username));
    return row;
  }

  async passwordHash(memberId: number): Promise<string | undefined> {
    const [row] = await this.db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, memberId));
    return row?.hash;
  }

  async summaries(memberIds: number[]): Promise<Map<number, { name: string; username: string }>> {
    if (memberIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: members.id, name: members.name, username: members.username })
      .from(members)
      .where(inArray(members.id, memberIds));
    return new Map(rows.map((r) => [r.id, { name: r.name, username: r.username }]));
  }

  /** The payout bank account alone (one indexed read: a withdrawal request copies it). */
  async payoutAccount(memberId: number) {
    const [row] = await this.db
      .select({
        bankCode: members.bankCode,
        bankAccountNo: members.bankAccountNo,
        bankAccountName: members.bankAccountName,
      })
      .from(members)
      .where(eq(members.id, memberId));
    return row;
  }

  async profile(memberId: number) {
    const [row] = await this.db
      .select({
        id: members.id,
        name: members.name,
        username: members.username,
        createdAt: members.createdAt,
        // spin coins are a ledger account in the COIN unit (docs/design.md §9.7), not a member column
        coin: sql<number>`coalesce((select balance from ledger_accounts where code = ${memberCoins(memberId)} and currency = ${COIN_UNIT}), 0)::int`,
        currency: members.currency,
        bankCode: members.bankCode,
        bankAccountName: members.bankAccountName,
        bankAccountNo: members.bankAccountNo,
      })
      .from(members)
      .where(eq(members.id, memberId));
    return row && { ...row, bankNameTH: await bankNameTH(this.db, row.bankCode) };
  }

  async updateMember(
    memberId: number,
    fields: Partial<
      Pick<typeof members.$inferInsert, 'name' | 'bankCode' | 'bankAccountName' | 'bankAccountNo' | 'passwordHash'>
    >,
    at: Date,
  ): Promise<void> {
    // `member.updated` names the changed fields, never their values (a password hash stays here)
    const changed = Object.keys(fields).map((f) => (f === 'passwordHash' ? 'password' : f));
    await this.db.transaction(async (tx) => {
      await tx
        .update(members)
        .set({ ...fields, updatedAt: at })
        .where(eq(members.id, memberId));
      await emit(tx, { type: 'member.updated', payload: { memberId, fields: changed } });
    });
  }

  /** A new password hash and its security event, with `member.updated`, in one transaction. */
  async setPasswordWithEvent(
    memberId: number,
    passwordHash: string,
    event: { kind: string; ip: string | null; sessionId: string | null },
    at: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(members).set({ passwordHash, updatedAt: at }).where(eq(members.id, memberId));
      await tx.insert(memberSecurityEvents).values({ memberId, ...event, detail: {}, createdAt: at });
      await emit(tx, { type: 'member.updated', payload: { memberId, fields: ['password'] } });
    });
  }

  /** The member's latest security events of `kinds`, newest first. */
  async securityEvents(memberId: number, kinds: readonly string[], limit: number) {
    return this.db
      .select({ kind: memberSecurityEvents.kind, ip: memberSecurityEvents.ip, at: memberSecurityEvents.createdAt })
      .from(memberSecurityEvents)
      .where(and(eq(memberSecurityEvents.memberId, memberId), inArray(memberSecurityEvents.kind, [...kinds])))
      .orderBy(desc(memberSecurityEvents.createdAt), desc(memberSecurityEvents.id))
      .limit(limit);
  }

  /** Change the member and record the security event in one transaction. */
  async updateMemberWithEvent(
    memberId: number,
    fields: Partial<Pick<typeof members.$inferInsert, 'name' | 'bankCode' | 'bankAccountName' | 'bankAccountNo'>>,
    event: { kind: string; detail: Record<string, unknown>; ip: string | null; sessionId: string | null },
    at: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(members)
        .set({ ...fields, updatedAt: at })
        .where(eq(members.id, memberId));
      await tx.insert(memberSecurityEvents).values({ memberId, ...event, createdAt: at });
    });
  }

  /** When the member's latest security event of `kind` happened, if any. */
  /** The payout account and, in the same query, when the member's last security event of `kind` was written. */
  async payoutAccountAndLast(memberId: number, kind: string, tx?: Tx) {
    // the subquery names its columns with their tables: drizzle writes a one-table select's columns bare, and a bare
    // "id" inside it is the event's id, not the member's (every change of payout account went unseen)
    const [row] = await (tx ?? this.db)
      .select({
        bankCode: members.bankCode,
        bankAccountNo: members.bankAccountNo,
        bankAccountName: members.bankAccountName,
        lastMs: sql<number | null>`(select extract(epoch from max(e.created_at)) * 1000
          from ${memberSecurityEvents} e
          where e.member_id = ${members}.id and e.kind = ${kind})::float8`,
      })
      .from(members)
      .where(eq(members.id, memberId));
    if (!row) return undefined;
    const { lastMs, ...account } = row;
    return { account, last: lastMs === null ? undefined : new Date(Number(lastMs)) };
  }

  /**
   * `payoutAccountAndLast` as SQL read by a one-trip withdrawal request after the member lock (docs/decisions/0051):
   * `missing` (no such member), `cooling` (a `kind` event after `since`) and the account's columns.
   */
  payoutDestinationSql(memberId: number, kind: string, since: Date): PayoutDestinationSql {
    const column = (name: SQL) => sql`(select ${name} from ${members} where ${members.id} = ${memberId}::int)`;
    return {
      missing: sql`not exists (select 1 from ${members} where ${members.id} = ${memberId}::int)`,
      cooling: sql`exists (select 1 from ${memberSecurityEvents} e where e.member_id = ${memberId}::int
        and e.kind = ${kind}::text and e.created_at > ${since.toISOString()}::timestamptz)`,
      columns: {
        bankCode: column(sql`${members.bankCode}`),
        bankAccountNo: column(sql`${members.bankAccountNo}`),
        bankAccountName: column(sql`${members.bankAccountName}`),
      },
    };
  }

  async lastSecurityEvent(memberId: number, kind: string): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ at: memberSecurityEvents.createdAt })
      .from(memberSecurityEvents)
      .where(and(eq(memberSecurityEvents.memberId, memberId), eq(memberSecurityEvents.kind, kind)))
      .orderBy(desc(memberSecurityEvents.createdAt))
      .limit(1);
    return row?.at;
  }
}

/** The payout account's reads as SQL conditions and column values (`AccountRepository.payoutDestinationSql`). */
export type PayoutDestinationSql = {
  missing: SQL;
  cooling: SQL;
  columns: { bankCode: SQL; bankAccountNo: SQL; bankAccountName: SQL };
};
