import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberWallet } from '../ledger/ledger.api.ts';
import type { StatementRequest } from '@wallet/contract/statement';
import { sourceFilter, type SourceFilter } from './statement-filter.ts';
import { LEDGER_STATEMENT_KINDS, type RawConditionName, type RawStatementRow } from './statement-rows.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * A promotion condition that ended without a posting (success, fail, or a cancel that found nothing to forfeit) is a
 * `finish_bonus` row of its own; a cancel that forfeited money shows as its `finish_bonus` ledger posting.
 */
const ENDED = sql.raw(`(c.status in ('success', 'fail') or (c.status = 'cancelled' and c.forfeited = 0))`);

/**
 * Money an operator still has to look at, or refused (a member's transfer notice, money received for an expired QR):
 * no ledger posting yet or ever, so it is listed from `deposits` (`deposits_member_idx`); a credited one is its posting.
 */
const NOTICE = sql.raw(`d.status in ('review', 'rejected')`);

export type StatementFilter = Pick<StatementRequest, 'type' | 'month'>;
const walletId = (member: { id: number; currency: string }) =>
  sql`select a.id from ledger_accounts a where a.code = ${memberWallet(member.id)} and a.currency = ${member.currency}`;

const KINDS = sql.join(
  Object.keys(LEDGER_STATEMENT_KINDS).map((kind) => sql`${kind}`),
  sql`, `,
);

type Param = SQL | SQL.Aliased | ReturnType<typeof sql.placeholder> | number | string;

/**
 * The page's rows: each source's newest `offset + limit` rows that pass its filter, with their details, read by its
 * (member_id, created_at) index (a source's own order, created_at then id, is the statement's order within that
 * source, so the page is among them), merged and cut to the page; the wallet leg's amount is summed for the page's
 * ledger rows only. With `withTotal`, the same statement also counts the member's whole statement (one row with a
 * null source when the page is empty), so the plain statement is one round trip.
 */
function pageQuery(
  p: { memberId: Param; walletCode: Param; currency: Param; limit: Param; offset: Param },
  f: SourceFilter,
  withTotal: boolean,
): SQL {
  const wallet = sql`select a.id from ledger_accounts a where a.code = ${p.walletCode} and a.currency = ${p.currency}`;
  const upTo = sql`(${p.limit}::int + ${p.offset}::int)`;
  const page = sql`
    select * from (
      (select 'ledger' as source, t.id as ledger_id, null::text as transfer_id, t.created_at, t.kind, t.metadata,
              null::text as game, null::text as direction, null::text as status, null::text as channel,
              null::text as reject_reason, null::text as condition_status, null::jsonb as condition_name,
              null::bigint as amount
       from ledger_transactions t
       where t.member_id = ${p.memberId} and t.kind in (${KINDS}) and ${f.ledger}
       order by t.created_at desc, t.id desc limit ${upTo})
      union all
      (select 'transfer', null, g.id, g.created_at, null, null, g.game, g.direction, g.status, null, null, null, null,
              g.amount
       from game_transfers g
       where g.member_id = ${p.memberId} and ${f.transfer}
       order by g.created_at desc, g.id desc limit ${upTo})
      union all
      (select 'withdrawal', null, w.id, w.created_at, null, null, null, null, w.status, null, w.reject_reason, null,
              null, w.amount
       from withdrawals w
       where w.member_id = ${p.memberId} and ${f.withdrawal}
       order by w.created_at desc, w.id desc limit ${upTo})
      union all
      (select 'condition', null, c.id::text, c.ended_at, null, null, null, null, null, null, null, c.status, c.name,
              null
       from promotion_conditions c
       where c.member_id = ${p.memberId} and ${ENDED} and ${f.condition}
       order by c.ended_at desc, c.id::text desc limit ${upTo})
      union all
      (select 'notice', null, d.id, d.created_at, null, null, null, null, d.status, d.channel, null, null, null, d.amount
       from deposits d
       where d.member_id = ${p.memberId} and ${NOTICE} and ${f.notice}
       order by d.created_at desc, d.id desc limit ${upTo})
    ) s
    order by created_at desc, source desc, ledger_id desc, transfer_id desc
    limit ${p.limit} offset ${p.offset}`;
  const columns = sql`p.source, coalesce(p.ledger_id::text, p.transfer_id) as id,
    floor(extract(epoch from p.created_at) * 1000)::bigint::text as created_ms,
    p.kind, p.metadata, p.game, p.direction, p.status, p.channel, p.reject_reason, p.condition_status, p.condition_name,
    coalesce(p.amount, (select sum(e.amount) from ledger_entries e
                        where e.transaction_id = p.ledger_id and e.account_id = (${wallet})), 0)::text as amount`;
  const order = sql`order by p.created_at desc, p.source desc, p.ledger_id desc, p.transfer_id desc`;
  if (!withTotal) return sql`select ${columns} from (${page}) p ${order}`;
  const total = sql`
    select (select count(*) from ledger_transactions where member_id = ${p.memberId} and kind in (${KINDS}))
         + (select count(*) from game_transfers where member_id = ${p.memberId})
         + (select count(*) from withdrawals where member_id = ${p.memberId})
         + (select count(*) from promotion_conditions c where c.member_id = ${p.memberId} and ${ENDED})
         + (select count(*) from deposits d where d.member_id = ${p.memberId} and ${NOTICE}) as total`;
  return sql`select n.total, ${columns} from (${total}) n left join (${page}) p on true ${order}`;
}

const PLAIN = sourceFilter({}, sql`null`);

/**
 * The statement's sources, newest first: the member's ledger transactions of the kinds above
 * (`ledger_transactions_member_idx` on member_id, created_at; the wallet leg by `ledger_entries_tx_idx`) and their
 * game transfers (`game_transfers_member_idx`), withdrawals (`withdrawals_member_idx`), ended promotion conditions
 * and deposits waiting for review or refused (`deposits_member_idx`), merged by created_at; each narrowed by the
 * request's type and month (statement-filter.ts). Ties break on source then id, so pages never overlap or skip.
 *
 * The plain statement (no type, no month: the one a member opens) is one named prepared statement: its total and
 * its page in one round trip, planned once per connection (PostgreSQL keeps the generic plan) instead of on every
 * request (measured in docs/performance.md). A filtered one is built per request (its conditions vary).
 */
export class StatementRepository {
  private readonly plainQuery;

  constructor(private readonly db: Db) {
    const query = pageQuery(
      {
        memberId: sql.placeholder('memberId'),
        walletCode: sql.placeholder('walletCode'),
        currency: sql.placeholder('currency'),
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      },
      PLAIN,
      true,
    );
    this.plainQuery = db
      .select(COLUMNS)
      .from(sql`(${query}) q`)
      .prepare('statement_page');
  }

  /** The plain statement's page and the member's whole statement's size, in one statement. */
  async plainPage(
    member: { id: number; currency: string },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: RawStatementRow[] }> {
    const rows = await this.plainQuery.execute({
      memberId: member.id,
      walletCode: memberWallet(member.id),
      currency: member.currency,
      limit,
      offset,
    });
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.filter((r) => r.source !== null).map((r) => toRaw(r as Row)),
    };
  }

  /**
   * A filtered history's size and its money in and out (a game transfer once successful; a withdrawal until refused
   * or cancelled; a notice never, as nothing was credited). Only asked with a filter: the plain statement counts in
   * its page's statement.
   */
  async filteredCount(
    member: { id: number; currency: string },
    request: StatementFilter,
  ): Promise<{ total: number; in: bigint; out: bigint }> {
    const f = sourceFilter(request, walletId(member));
    const [row] = rowsOf(
      await this.db.execute(sql`
        with moves as (
          select (select sum(e.amount) from ledger_entries e
                  where e.transaction_id = t.id and e.account_id = (${walletId(member)})) as amount
          from ledger_transactions t where t.member_id = ${member.id} and t.kind in (${KINDS}) and ${f.ledger}
          union all
          select case when g.status <> 'success' then 0 when g.direction = 'to_game' then -g.amount else g.amount end
          from game_transfers g where g.member_id = ${member.id} and ${f.transfer}
          union all
          select case when w.status in ('rejected', 'cancelled') then 0 else -w.amount end
          from withdrawals w where w.member_id = ${member.id} and ${f.withdrawal}
          union all
          select 0 from promotion_conditions c where c.member_id = ${member.id} and ${ENDED} and ${f.condition}
          union all
          select 0 from deposits d where d.member_id = ${member.id} and ${NOTICE} and ${f.notice}
        )
        select count(*) as total, coalesce(sum(amount) filter (where amount > 0), 0)::text as money_in,
               coalesce(-sum(amount) filter (where amount < 0), 0)::text as money_out
        from moves`),
    );
    return {
      total: Number(row?.total ?? 0),
      in: BigInt(String(row?.money_in ?? 0)),
      out: BigInt(String(row?.money_out ?? 0)),
    };
  }

  /** A page of a filtered statement (its size comes from `filteredCount`). */
  async page(
    member: { id: number; currency: string },
    limit: number,
    offset: number,
    request: StatementFilter,
  ): Promise<RawStatementRow[]> {
    const query = pageQuery(
      { memberId: member.id, walletCode: memberWallet(member.id), currency: member.currency, limit, offset },
      sourceFilter(request, walletId(member)),
      false,
    );
    return rowsOf(await this.db.execute(query)).map(toRaw);
  }
}

/** The plain statement's columns (the prepared statement selects them from its query by name). */
const COLUMNS = Object.fromEntries(
  [
    'total',
    'source',
    'id',
    'created_ms',
    'kind',
    'metadata',
    'game',
    'direction',
    'status',
    'channel',
    'reject_reason',
    'condition_status',
    'condition_name',
    'amount',
  ].map((name) => [name, sql<unknown>`${sql.identifier('q')}.${sql.identifier(name)}`]),
) as Record<string, SQL<unknown>>;

function toRaw(r: Row): RawStatementRow {
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
  if (r.source === 'notice') {
    return { ...base, source: 'notice', status: String(r.status), channel: String(r.channel) };
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
}
