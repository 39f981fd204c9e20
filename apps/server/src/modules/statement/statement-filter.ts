import { sql, type SQL } from 'drizzle-orm';
import type { StatementRequest } from '@wallet/contract/statement';
import { LEDGER_KINDS } from '../ledger/ledger.api.ts';

type StatementType = NonNullable<StatementRequest['type']>;

/** The statement's sources (statement.repository.ts), each narrowed by a filter: `true` when it has no condition. */
export type SourceFilter = { ledger: SQL; transfer: SQL; withdrawal: SQL; condition: SQL; notice: SQL };

const NONE = sql`false`;
const ALL = sql`true`;
const kinds = (...list: string[]) =>
  sql`t.kind in (${sql.join(
    list.map((kind) => sql`${kind}`),
    sql`, `,
  )})`;
/** an adjustment is a deposit when it credits the wallet and a withdrawal when it debits it (statement-rows.ts) */
const adjustment = (sign: '>' | '<', wallet: SQL) =>
  sql`(t.kind = ${LEDGER_KINDS.adjustment} and (select sum(e.amount) from ledger_entries e
        where e.transaction_id = t.id and e.account_id = (${wallet})) ${sql.raw(sign)} 0)`;

function byType(type: StatementType | undefined, wallet: SQL): SourceFilter {
  switch (type) {
    case undefined:
      return { ledger: ALL, transfer: ALL, withdrawal: ALL, condition: ALL, notice: ALL };
    case 'deposit':
      return {
        ledger: sql`(${kinds(LEDGER_KINDS.deposit, LEDGER_KINDS.openingBalance)} or ${adjustment('>', wallet)})`,
        transfer: NONE,
        withdrawal: NONE,
        condition: NONE,
        notice: ALL,
      };
    case 'withdraw':
      return { ledger: adjustment('<', wallet), transfer: NONE, withdrawal: ALL, condition: NONE, notice: NONE };
    case 'bonus':
      return {
        ledger: kinds(
          LEDGER_KINDS.bonus,
          LEDGER_KINDS.promotion,
          LEDGER_KINDS.invite,
          LEDGER_KINDS.refund,
          LEDGER_KINDS.luckydraw,
        ),
        transfer: NONE,
        withdrawal: NONE,
        condition: NONE,
        notice: NONE,
      };
    case 'finish_bonus':
      return {
        ledger: kinds(LEDGER_KINDS.finishBonus),
        transfer: NONE,
        withdrawal: NONE,
        condition: ALL,
        notice: NONE,
      };
    case 'transfer':
      return { ledger: NONE, transfer: ALL, withdrawal: NONE, condition: NONE, notice: NONE };
  }
}

/** `YYYY-MM` as a half-open range in Thai and Lao time (UTC+7), or null for every month. */
function monthRange(month: string | undefined): { from: Date; to: Date } | null {
  if (!month) return null;
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const at = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1) - 7 * 3_600_000);
  return { from: at(year, mon), to: mon === 12 ? at(year + 1, 1) : at(year, mon + 1) };
}

/** Each source's condition for a filter: its type, and its time column within the month. */
export function sourceFilter(request: Pick<StatementRequest, 'type' | 'month'>, wallet: SQL): SourceFilter {
  const typed = byType(request.type, wallet);
  const range = monthRange(request.month);
  if (!range) return typed;
  const within = (column: string) =>
    sql`(${sql.raw(column)} >= ${range.from.toISOString()}::timestamptz and ${sql.raw(column)} < ${range.to.toISOString()}::timestamptz)`;
  return {
    ledger: sql`(${typed.ledger} and ${within('t.created_at')})`,
    transfer: sql`(${typed.transfer} and ${within('g.created_at')})`,
    withdrawal: sql`(${typed.withdrawal} and ${within('w.created_at')})`,
    condition: sql`(${typed.condition} and ${within('c.ended_at')})`,
    notice: sql`(${typed.notice} and ${within('d.created_at')})`,
  };
}
