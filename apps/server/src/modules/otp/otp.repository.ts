import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema/otp.ts';

/** Advisory-lock namespace for "one OTP send at a time per phone". */
const OTP_LOCK_NAMESPACE = 0x07_01;

export type OtpRow = typeof otpCodes.$inferSelect;
export type OtpPurpose = 'register' | 'bank-change' | 'password-reset';
export type NewOtp = Pick<OtpRow, 'phone' | 'tokenHash' | 'codeHash' | 'ref' | 'ip' | 'createdAt' | 'expiresAt'> & {
  purpose: OtpPurpose;
};

export class OtpRepository {
  constructor(private readonly db: Db) {}

  /** Run `fn` holding the per-phone send lock, so limits are checked and the row inserted atomically. */
  withPhoneLock<T>(phone: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${OTP_LOCK_NAMESPACE}::int, hashtext(${phone}::text))`);
      return fn(tx);
    });
  }

  /**
   * The phone's last send of `purpose` (the one-minute interval is per flow: a member who just registered can ask
   * for a password reset at once) and its sends today of any purpose (the daily cap is per phone).
   */
  async sendStats(
    tx: Tx,
    phone: string,
    purpose: OtpPurpose,
    dayStart: Date,
  ): Promise<{ lastSentAt: Date | null; sentToday: number }> {
    const [last] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    const [today] = await tx
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, phone), gte(otpCodes.createdAt, dayStart)));
    return { lastSentAt: last?.createdAt ?? null, sentToday: Number(today?.n ?? 0) };
  }

  /** A new code replaces the phone's pending ones for the same purpose. */
  async insertReplacingPending(tx: Tx, row: NewOtp): Promise<number> {
    await tx
      .update(otpCodes)
      .set({ invalidatedAt: row.createdAt })
      .where(
        and(
          eq(otpCodes.phone, row.phone),
          eq(otpCodes.purpose, row.purpose),
          isNull(otpCodes.verifiedAt),
          isNull(otpCodes.invalidatedAt),
        ),
      );
    const [inserted] = await tx.insert(otpCodes).values(row).returning({ id: otpCodes.id });
    return inserted!.id;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(otpCodes).where(eq(otpCodes.id, id));
  }

  async findByToken(tokenHash: string): Promise<OtpRow | undefined> {
    const [row] = await this.db.select().from(otpCodes).where(eq(otpCodes.tokenHash, tokenHash));
    return row;
  }

  /** Spend one attempt, atomically; undefined when none is left or the code is no longer usable. */
  async spendAttempt(id: number, maxAttempts: number): Promise<{ codeHash: string; attempts: number } | undefined> {
    const [row] = await this.db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(
        and(
          eq(otpCodes.id, id),
          lt(otpCodes.attempts, maxAttempts),
          isNull(otpCodes.verifiedAt),
          isNull(otpCodes.invalidatedAt),
        ),
      )
      .returning({ codeHash: otpCodes.codeHash, attempts: otpCodes.attempts });
    return row;
  }

  /** Mark verified once (with the ticket handed out, if any); false when another request verified it first. */
  async markVerified(id: number, at: Date, ticketHash: string | null): Promise<boolean> {
    const rows = await this.db
      .update(otpCodes)
      .set({ verifiedAt: at, ticketHash })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.verifiedAt), isNull(otpCodes.invalidatedAt)))
      .returning({ id: otpCodes.id });
    return rows.length === 1;
  }

  /** The verification of `purpose` a ticket names, when it is for `phone`, verified after `since` and unspent. */
  async findTicket(
    phone: string,
    ticketHash: string,
    since: Date,
    purpose: OtpPurpose = 'register',
  ): Promise<{ id: number; ref: string } | undefined> {
    const [row] = await this.db
      .select({ id: otpCodes.id, ref: otpCodes.ref })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.ticketHash, ticketHash),
          eq(otpCodes.phone, phone),
          eq(otpCodes.purpose, purpose),
          gt(otpCodes.verifiedAt, since),
          isNull(otpCodes.ticketUsedAt),
        ),
      );
    return row;
  }

  /** Spend a ticket once; false when it was already spent. */
  async spendTicket(id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(otpCodes)
      .set({ ticketUsedAt: at })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.ticketUsedAt)))
      .returning({ id: otpCodes.id });
    return rows.length === 1;
  }

  async deleteCreatedBefore(before: Date): Promise<number> {
    const deleted = await this.db.delete(otpCodes).where(lt(otpCodes.createdAt, before)).returning({ id: otpCodes.id });
    return deleted.length;
  }
}
