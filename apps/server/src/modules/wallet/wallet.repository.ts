import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { COIN_UNIT, memberCoins, memberInvite, memberWallet } from '../ledger/ledger.api.ts';
import { withRows } from '../../db/raw.ts';

/** What a slot card needs of a game account. */
export type SlotBalance = { game: string; balance: bigint; balanceUpdatedAt: Date | null };

export type WalletSnapshot = {
  id: number;
  name: string;
  username: string;
  createdAt: Date;
  coin: number;
  currency: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  bankNameTH: string | null;
  wallet: bigint;
  invite: bigint;
  accounts: SlotBalance[];
};

type Row = Record<string, unknown>;
type AccountJson = { game: string; balance: string; at: number | null };

/**
 * Everything GET /api/wallet shows, in ONE round trip (docs/design.md §8 budget: ≥ 6,000 req/s): the member and bank
 * name, both ledger balances and the game accounts, all by primary or unique index. Times come back as epoch ms and
 * money as text, so node-postgres and PGlite answer alike.
 */
export async function walletSnapshot(db: Db, memberId: number, currency: string): Promise<WalletSnapshot | undefined> {
  const result = withRows<Row>(
    await db.execute(sql`
    select m.id, m.name, m.username, (extract(epoch from m.created_at) * 1000)::float8 as created_ms,
      m.currency, m.bank_code, m.bank_account_name, m.bank_account_no, b.name_th,
      (select balance::text from ledger_accounts where code = ${memberWallet(memberId)} and currency = ${currency}) as wallet,
      (select balance::text from ledger_accounts where code = ${memberInvite(memberId)} and currency = ${currency}) as invite,
      (select balance::text from ledger_accounts where code = ${memberCoins(memberId)} and currency = ${COIN_UNIT}) as coin,
      coalesce((select json_agg(json_build_object('game', g.game, 'balance', g.balance::text,
          'at', (extract(epoch from g.balance_updated_at) * 1000)::float8))
        from game_accounts g where g.member_id = m.id and g.status = 'active'), '[]'::json) as accounts
    from members m left join banks b on b.code = m.bank_code
    where m.id = ${memberId}`),
  );
  const r = result.rows[0];
  if (!r) return undefined;
  const accounts = (typeof r.accounts === 'string' ? JSON.parse(r.accounts) : r.accounts) as AccountJson[];
  return {
    id: Number(r.id),
    name: String(r.name),
    username: String(r.username),
    createdAt: new Date(Number(r.created_ms)),
    coin: Number(r.coin ?? 0),
    currency: String(r.currency),
    bankCode: String(r.bank_code),
    bankAccountName: String(r.bank_account_name),
    bankAccountNo: String(r.bank_account_no),
    bankNameTH: r.name_th === null || r.name_th === undefined ? null : String(r.name_th),
    wallet: BigInt(String(r.wallet ?? '0')),
    invite: BigInt(String(r.invite ?? '0')),
    accounts: accounts.map((a) => ({
      game: a.game,
      balance: BigInt(a.balance),
      balanceUpdatedAt: a.at === null ? null : new Date(a.at),
    })),
  };
}
