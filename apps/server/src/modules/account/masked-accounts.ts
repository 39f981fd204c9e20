import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';

/** A member whose registered payout account fits a bank's masked account, with the names to compare. */
export type MaskedAccountHolder = { id: number; name: string; bankAccountName: string; bankAccountNo: string };

/**
 * Members registered at one of `bankCodes` whose account number fits a bank's masked value (`xxx-x-x1234-x`:
 * dashes dropped, `x` any digit, same length). The deposits module asks it to tell whether a slip's sender could be
 * more than one member (docs/decisions/0025-slip-sender-and-provider-amounts.md). At most `limit` rows.
 */
export async function membersByMaskedAccount(
  db: Db,
  bankCodes: string[],
  masked: string,
  limit = 20,
): Promise<MaskedAccountHolder[]> {
  const shape = masked.replace(/-/g, '').toLowerCase();
  if (bankCodes.length === 0 || !/^[0-9x]{1,30}$/.test(shape)) return [];
  const pattern = shape.replace(/x/g, '_');
  return db
    .select({
      id: members.id,
      name: members.name,
      bankAccountName: members.bankAccountName,
      bankAccountNo: members.bankAccountNo,
    })
    .from(members)
    .where(
      and(
        inArray(members.bankCode, bankCodes),
        sql`regexp_replace(${members.bankAccountNo}, '[^0-9]', '', 'g') like ${pattern}`,
      ),
    )
    .limit(limit);
}
