import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { banks, members, sessions, sources } from '../../db/schema/core.ts';
import { emit } from '../../events/emit.ts';
import { memberSecurityEvents } from '../../db/schema/security-events.ts';

export type BankRow = Pick<
  typeof banks.$inferSelect,
  'code' | 'nameTH' | 'country' | 'accountDigitsMin' | 'accountDigitsMax' | 'requiresEnglishName'
>;
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

/** SQL of the account module: members, their banks and sessions. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  async findBank(code: string): Promise<BankRow | undefined> {
    const [row] = await this.db
      .select({
        code: banks.code,
        nameTH: banks.nameTH,
        country: banks.country,
        accountDigitsMin: banks.accountDigitsMin,
        accountDigitsMax: banks.accountDigitsMax,
        requiresEnglishName: banks.requiresEnglishName,
      })
      .from(banks)
      .where(and(eq(banks.code, code), eq(banks.isActive, true)));
    return row;
  }

  async sourceExists(code: string): Promise<boolean> {
    const [row] = await this.db.select({ code: sources.code }).from(sources).where(eq(sources.code, code));
    return row !== undefined;
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

  async insertMember(member: NewMember): Promise<number> {
    const [row] = await this.db.insert(members).values(member).returning({ id: members.id });
    return row!.id;
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

  /** Whether the member signed in from this IP since `since` (a known device for the login limits). */
  async hasSessionFromIp(memberId: number, ip: string, since: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.memberId, memberId), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
      .limit(1);
    return row !== undefined;
  }

  async profile(memberId: number) {
    const [row] = await this.db
      .select({
        id: members.id,
        name: members.name,
        username: members.username,
        createdAt: members.createdAt,
        coin: members.coin,
        currency: members.currency,
        bankCode: members.bankCode,
        bankAccountName: members.bankAccountName,
        bankAccountNo: members.bankAccountNo,
        bankNameTH: banks.nameTH,
      })
      .from(members)
      .leftJoin(banks, eq(banks.code, members.bankCode))
      .where(eq(members.id, memberId));
    return row;
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
