// What the withdrawal service is built from (withdrawals.routes.ts builds it from the app context; tests pass fakes).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PayoutBank } from '../../providers/bank/bank-port.ts';
import type { AccountApi } from '../account/account.api.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';

export type MemberFlags = { flagged: boolean; payoutHold: boolean };
export type Operator = { id: number; username: string; ip: string | null };

export type WithdrawalDeps = {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: SettingsService;
  bank: PayoutBank;
  account: Pick<AccountApi, 'payoutDestinationSql'>;
  /** BONUS_REMAINING while this condition holds (promotions.api.ts), read in the request's script after the lock */
  conditionRunningSql: (memberId: number) => SQL;
  /** the member's flags for the auto-approve rule (account.api memberPayoutFlags) */
  memberFlags: (memberId: number) => Promise<MemberFlags>;
  /** tell the member's sockets their statement and balance changed */
  notify: (memberId: number) => void;
};
