import { BASELINE_TABLE } from './bench-server.ts';

/** The query of src/modules/wallet/wallet.repository.ts, as plain SQL with parameters (the raw read baselines). */
export const READ_SQL = `
  select m.id, m.name, m.username, (extract(epoch from m.created_at) * 1000)::float8 as created_ms,
    m.currency, m.bank_code, m.bank_account_name, m.bank_account_no, b.name_th,
    (select balance::text from ledger_accounts where code = $2 and currency = 'THB') as wallet,
    (select balance::text from ledger_accounts where code = $3 and currency = 'THB') as invite,
    coalesce((select json_agg(json_build_object('game', g.game, 'balance', g.balance::text,
        'at', (extract(epoch from g.balance_updated_at) * 1000)::float8))
      from game_accounts g where g.member_id = m.id), '[]'::json) as accounts
  from members m left join banks b on b.code = m.bank_code
  where m.id = $1`;

/** One single-row debit in autocommit on the baseline's own table (outside the ledger: the invariant is untouched). */
export const DEBIT_SQL = `update ${BASELINE_TABLE} set balance = balance - 1 where id = $1 and balance >= 1 returning balance::text`;
