import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { banks, sources } from '../../db/schema/content.ts';

/** What registration and the bank-account change check of a bank. */
export type BankRow = Pick<
  typeof banks.$inferSelect,
  'code' | 'nameTH' | 'country' | 'accountDigitsMin' | 'accountDigitsMax' | 'requiresEnglishName'
>;

/** An active bank by code, or undefined. */
export async function findActiveBank(db: Db, code: string): Promise<BankRow | undefined> {
  const [row] = await db
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

/** The Thai name of a bank (active or not), or null when the code is unknown. */
export async function bankNameTH(db: Db, code: string): Promise<string | null> {
  const [row] = await db.select({ nameTH: banks.nameTH }).from(banks).where(eq(banks.code, code));
  return row?.nameTH ?? null;
}

/** Every bank's Thai name by code (a small table: operators' member lists label rows with it). */
export async function bankNamesTH(db: Db | Tx): Promise<Map<string, string>> {
  const rows = await db.select({ code: banks.code, nameTH: banks.nameTH }).from(banks);
  return new Map(rows.map((row) => [row.code, row.nameTH]));
}

/** Whether a registration source code exists. */
export async function sourceExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ code: sources.code }).from(sources).where(eq(sources.code, code));
  return row !== undefined;
}
