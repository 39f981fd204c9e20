import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberWallet } from '../ledger/ledger.api.ts';
import { LEDGER_STATEMENT_KINDS, type RawConditionName, type RawStatementRow } from './statement-rows.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * A promotion condition that ended without a posting (success, fail, or a cancel that found nothing to forfeit) is a
 * `finish_bonus` row of its own; a cancel that forfeited money shows as its `finish_bonus` ledger posting.
 */
const ENDED = sql.raw(`(c.status in ('success', 'fail') or (c.status = 'cancelled' and c.forfeited = 0))`);

const KINDS = sql.join(
  Object.keys(LEDGER_STATEMENT_KINDS).map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * The statement's three sources, newest first: the member's ledger transactions of the kinds above
 * (`ledger_transactions_member_idx` on member_id, created_at; the wallet leg by `ledger_entries_tx_idx`) and their
 * game transfers (`game_transfers_member_idx`) and withdrawals (`withdrawals_member_idx`), merged by created_at. Ties break on source then id, so pages
 * never overlap or skip.
 */
export class StatementRepository {
  constructor(private readonly db: Db) {}

  async count(memberId: number): Promise<number> {
    const [row] = rowsOf(
      await this.db.execute(sql`
        select (select count(*) from ledger_transactions where member_id = ${memberId} and kind in (${KINDS}))
             + (select count(*) from game_transfers where member_id = ${memberId})
             + (select count(*) from withdrawals where member_id = ${memberId})
             + (select count(*) from promotion_conditions c where c.member_id = ${memberId} and ${ENDED}) as total`),
    );
    return Number(row?.total ?? 0);
  }

  async page(member: { id: number; currency: string }, limit: number, offset: number): Promise<RawStatementRow[]> {
    // pick the page by (created_at, source, id) alone, then fetch details and the wallet leg for those rows only
    const rows = rowsOf(
      await this.db.execute(sql`
        with page as (
          select * from (
            select 'ledger' as source, t.id as ledger_id, null::text as transfer_id, t.created_at
            from ledger_transactions t
            where t.member_id = ${member.id} and t.kind in (${KINDS})
            union all
            select 'transfer', null::bigint, g.id, g.created_at
            from game_transfers g
            where g.member_id = ${member.id}
            union all
            select 'withdrawal', null::bigint, w.id, w.created_at
            from withdrawals w
            where w.member_id = ${member.id}
            union all
            select 'condition', null::bigint, c.id::text, c.ended_at
            from promotion_conditions c
            where c.member_id = ${member.id} and ${ENDED}
          ) s
          order by created_at desc, source desc, ledger_id desc, transfer_id desc
          limit ${limit} offset ${offset}
        ),
        wallet as (
          select a.id from ledger_accounts a where a.code = ${memberWallet(member.id)} and a.currency = ${member.currency}
        )
        select p.source, coalesce(p.ledger_id::text, p.transfer_id) as id,
               floor(extract(epoch from p.created_at) * 1000)::bigint::text as created_ms,
               t.kind, t.metadata, g.game, g.direction, coalesce(g.status, w.status) as status,
               w.reject_reason, pc.status as condition_status, pc.name as condition_name,
               coalesce(g.amount, w.amount, (select sum(e.amount) from ledger_entries e
                                   where e.transaction_id = p.ledger_id and e.account_id = (select id from wallet)), 0)::text as amount
        from page p
        left join ledger_transactions t on t.id = p.ledger_id
        left join game_transfers g on p.source = 'transfer' and g.id = p.transfer_id
        left join withdrawals w on p.source = 'withdrawal' and w.id = p.transfer_id
        left join promotion_conditions pc on p.source = 'condition' and pc.id::text = p.transfer_id
        order by p.created_at desc, p.source desc, p.ledger_id desc, p.transfer_id desc`),
    );
    return rows.map((r): RawStatementRow => {
      const base = { id: String(r.id), amount: BigInt(String(r.amount)), createdAt: new Date(Number(r.created_ms)) };
      if (r.source === 'condition') {
        return {
          ...base,
          id: `condition:${String(r.id)}`,
          source: 'condition',
          status: String(r.condition_status),
          name: (r.condition_name ?? null) as RawConditionName,
        };
      }
      if (r.source === 'withdrawal') {
        return {
          ...base,
          source: 'withdrawal',
          status: String(r.status),
          reason: r.reject_reason == null ? null : String(r.reject_reason),
        };
      }
      return r.source === 'ledger'
        ? { ...base, source: 'ledger', kind: String(r.kind), metadata: (r.metadata ?? {}) as Record<string, unknown> }
        : {
            ...base,
            source: 'transfer',
            game: String(r.game),
            direction: String(r.direction),
            status: String(r.status),
          };
    });
  }
}
