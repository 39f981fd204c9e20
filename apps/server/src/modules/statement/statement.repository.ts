import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { sqlLiteral } from '../../db/sql-literal.ts';
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

/** the kinds as literals: code constants, so the plain statement's text carries no parameter but the request's */
const KINDS = sql.raw(Object.keys(LEDGER_STATEMENT_KINDS).map(sqlLiteral).join(', '));

type Param = SQL | number | string;

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

const PLAIN_NAME = 'statement_page';

/**
 * The plain statement's text: `$1` member id, `$2` wallet code, `$3` currency, `$4` limit, `$5` offset, whitespace
 * folded. Five parameters to bind per request, and a short text for the driver to handle.
 */
const PLAIN_TEXT = (() => {
  const $ = (n: number) => sql.raw(`$${n}`);
  const query = pageQuery(
    { memberId: $(1), walletCode: $(2), currency: $(3), limit: $(4), offset: $(5) },
    sourceFilter({}, sql`null`),
    true,
  );
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  if (params.length > 0) throw new Error('statement: the plain statement must bind only its own five parameters');
  return text.replace(/\s+/g, ' ').trim();
})();

type PgPool = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }> };
type Pglite = { exec(text: string): Promise<Array<{ rows: Row[] }>> };

/** PGlite instances that hold the plain statement (PREPAREd once per instance: one session each). */
const preparedOn = new WeakMap<Pglite, Promise<unknown>>();

/**
 * The plain statement on PGlite: PREPAREd once on the instance, then one EXECUTE with the values as literals, so its
 * plan is kept instead of parsing and planning the five-source query on every request (docs/performance.md). PGlite
 * has no named statements in its extended protocol, hence the literals (db/sql-literal.ts).
 */
async function executePglite(client: Pglite, values: readonly unknown[]): Promise<Row[]> {
  const call = `execute ${PLAIN_NAME}(${values.map(sqlLiteral).join(', ')})`;
  for (let attempt = 0; ; attempt++) {
    let prepared = preparedOn.get(client);
    if (!prepared) {
      prepared = client.exec(`prepare ${PLAIN_NAME} as ${PLAIN_TEXT}`);
      preparedOn.set(client, prepared);
      prepared.catch(() => preparedOn.delete(client));
    }
    await prepared;
    try {
      return (await client.exec(call))[0]?.rows ?? [];
    } catch (err) {
      // the session lost it (a DEALLOCATE ALL): prepare again, once
      if (attempt > 0 || (err as { code?: unknown }).code !== '26000') throw err;
      preparedOn.delete(client);
    }
  }
}

/**
 * The statement's sources, newest first: the member's ledger transactions of the kinds above
 * (`ledger_transactions_member_idx` on member_id, created_at; the wallet leg by `ledger_entries_tx_idx`) and their
 * game transfers (`game_transfers_member_idx`), withdrawals (`withdrawals_member_idx`), ended promotion conditions
 * and deposits waiting for review or refused (`deposits_member_idx`), merged by created_at; each narrowed by the
 * request's type and month (statement-filter.ts). Ties break on source then id, so pages never overlap or skip.
 *
 * The plain statement (no type, no month: the one a member opens) is one named prepared statement sent straight to
 * the driver: its total and its page in one round trip, planned once per connection (PostgreSQL keeps the generic
 * plan; PGlite through PREPARE and EXECUTE) instead of on every request (measured in docs/performance.md). A
 * filtered one is built per request (its conditions vary).
 */
export class StatementRepository {
  constructor(private readonly db: Db) {}

  /** The plain statement's page and the member's whole statement's size, in one statement. */
  async plainPage(
    member: { id: number; currency: string },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: RawStatementRow[] }> {
    const values = [member.id, memberWallet(member.id), member.currency, limit, offset];
    const client = (this.db as unknown as { $client: PgPool | Pglite }).$client;
    const rows =
      'exec' in client
        ? await executePglite(client, values)
        : (await client.query({ name: PLAIN_NAME, text: PLAIN_TEXT, values })).rows;
    const out: RawStatementRow[] = [];
    for (const r of rows) if (r.source !== null) out.push(toRaw(r));
    return { total: Number(rows[0]?.total ?? 0), rows: out };
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
