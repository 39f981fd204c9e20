import type { Db } from '../../db/client.ts';
import { house, memberWallet } from './account-codes.ts';
import { LEDGER_KINDS } from './ledger-kinds.ts';
import { LedgerService, type PostResult } from './ledger.service.ts';

/** The demo member's starting balance: 1,000 baht (in the member's currency's minor units). */
export const OPENING_BALANCE_MINOR = 100_000n;

const openingBalanceKey = (memberId: number) => `opening:${memberId}`;

/**
 * Credit a member's wallet from `house:adjustment` once, ever: the ledger key `opening:{memberId}` makes every
 * later call (each boot's seed, several processes starting together) a replay.
 */
export function postOpeningBalance(
  db: Db,
  member: { id: number; currency: string },
  amount: bigint = OPENING_BALANCE_MINOR,
): Promise<PostResult> {
  return new LedgerService(db).post({
    kind: LEDGER_KINDS.openingBalance,
    currency: member.currency,
    memberId: member.id,
    idempotencyKey: openingBalanceKey(member.id),
    metadata: { reason: 'opening balance' },
    postings: [
      { account: memberWallet(member.id), amount },
      { account: house('adjustment', member.id), amount: -amount },
    ],
  });
}
