import { REPORT_MAX_DAYS, type PeriodReport, type REPORT_SECTIONS } from '@wallet/contract/admin/period-report';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { appendAudit, operatorActivity } from '../audit/audit.api.ts';
import { dailyDepositsByChannel } from '../deposits/deposits.api.ts';
import { dailySettledTransfers } from '../game-transfers/game-transfers.api.ts';
import { betsByGame } from '../promotions/promotions.api.ts';
import { dailyPaidWithdrawals, decisionTimesByReviewer } from '../withdrawals/withdrawals.api.ts';
import { bahtCell, CSV_BOM, csvLine, textCell } from './csv.ts';

/**
 * The reports page (docs/decisions/0034-member-360-and-exports.md): money as it really moved over a range of Bangkok
 * days — deposits credited, withdrawals paid, settled game transfers — and operators' audited work, in the site's
 * currency. Read from the modules' own figures (the ledger's postings behind them balance by construction).
 */
const DAY_MS = 86_400_000;

/** `from`..`to` (Bangkok days, both included) as the instants [start, end). */
function dayRange(from: string, to: string): { start: Date; end: Date; days: string[] } {
  const start = new Date(`${from}T00:00:00+07:00`);
  const last = new Date(`${to}T00:00:00+07:00`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(last.getTime()) || last < start)
    throw new AppError('KEY_INVALID', 400);
  const count = Math.round((last.getTime() - start.getTime()) / DAY_MS) + 1;
  if (count > REPORT_MAX_DAYS) throw new AppError('KEY_INVALID', 400);
  const days = Array.from({ length: count }, (_, i) =>
    new Date(start.getTime() + i * DAY_MS + 7 * 3_600_000).toISOString().slice(0, 10),
  );
  return { start, end: new Date(last.getTime() + DAY_MS), days };
}

export async function periodReport(db: Db, currency: string, from: string, to: string): Promise<PeriodReport> {
  const { start, end, days } = dayRange(from, to);
  const [channels, paid, transfers, bets, activity, decisions] = await Promise.all([
    dailyDepositsByChannel(db, start, end),
    dailyPaidWithdrawals(db, start, end),
    dailySettledTransfers(db, start, end),
    betsByGame(db, start, end),
    operatorActivity(db, start, end),
    decisionTimesByReviewer(db, start, end),
  ]);
  const money = new Map(days.map((d) => [d, { deposits: 0n, withdrawals: 0n }]));
  const byChannel = new Map<string, { amount: bigint; count: number }>();
  for (const c of channels) {
    if (c.currency !== currency) continue;
    const day = money.get(c.day);
    if (day) day.deposits += c.amount;
    const sum = byChannel.get(c.channel) ?? { amount: 0n, count: 0 };
    sum.amount += c.amount;
    sum.count += c.count;
    byChannel.set(c.channel, sum);
  }
  for (const w of paid) {
    const day = w.currency === currency ? money.get(w.day) : undefined;
    if (day) day.withdrawals += w.amount;
  }
  type GameSum = { toGame: bigint; fromGame: bigint; count: number; bets: number; stakes: bigint; payouts: bigint };
  const byGame = new Map<string, GameSum>();
  const gameSum = (game: string): GameSum => {
    const sum = byGame.get(game) ?? { toGame: 0n, fromGame: 0n, count: 0, bets: 0, stakes: 0n, payouts: 0n };
    byGame.set(game, sum);
    return sum;
  };
  for (const p of transfers) {
    if (p.currency !== currency) continue;
    const sum = gameSum(p.game);
    if (p.direction === 'to_game') sum.toGame += p.amount;
    else sum.fromGame += p.amount;
    sum.count += p.count;
  }
  for (const b of bets) {
    if (b.currency !== currency) continue;
    const sum = gameSum(b.game);
    sum.bets += b.bets;
    sum.stakes += b.stake;
    sum.payouts += b.payout;
  }
  const names = [...new Set([...activity.map((a) => a.operator), ...decisions.map((d) => d.reviewer)])].sort();
  return {
    currency,
    from,
    to,
    days: days.map((day) => {
      const m = money.get(day)!;
      return {
        day,
        deposits: String(m.deposits),
        withdrawals: String(m.withdrawals),
        net: String(m.deposits - m.withdrawals),
      };
    }),
    providers: [...byGame]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([game, s]) => ({
        game,
        toGame: String(s.toGame),
        fromGame: String(s.fromGame),
        net: String(s.fromGame - s.toGame),
        count: s.count,
        bets: s.bets,
        stakes: String(s.stakes),
        payouts: String(s.payouts),
        winLoss: String(s.payouts - s.stakes),
      })),
    channels: [...byChannel]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([channel, s]) => ({ channel, amount: String(s.amount), count: s.count })),
    operators: names.map((operator) => {
      const a = activity.find((x) => x.operator === operator);
      const d = decisions.find((x) => x.reviewer === operator);
      return {
        operator,
        actions: a?.actions ?? 0,
        approvals: a?.approvals ?? 0,
        withdrawalsDecided: d?.decided ?? 0,
        meanDecisionSeconds: d ? d.meanSeconds : null,
      };
    }),
  };
}

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** One section as CSV (same rules as every export: BOM, baht with 2 decimals, formula-safe text), audited. */
export async function periodReportCsv(
  deps: { db: Db; now: Date; currency: string },
  actor: { id: number; username: string; ip: string },
  query: { from: string; to: string; section: (typeof REPORT_SECTIONS)[number] },
  reply: FastifyReply,
): Promise<FastifyReply> {
  const report = await periodReport(deps.db, deps.currency, query.from, query.to);
  await deps.db.transaction((tx) =>
    appendAudit(
      tx,
      {
        actor: { id: actor.id, username: actor.username },
        action: 'export.report',
        target: `export:report:${query.section}`,
        before: null,
        after: { filter: query },
        ip: actor.ip,
      },
      deps.now,
    ),
  );
  const lines: string[][] = [];
  if (query.section === 'days') {
    lines.push(['day', 'deposits_baht', 'withdrawals_baht', 'net_baht']);
    for (const d of report.days)
      lines.push([
        ddmmyyyy(d.day),
        bahtCell(BigInt(d.deposits)),
        bahtCell(BigInt(d.withdrawals)),
        bahtCell(BigInt(d.net)),
      ]);
  } else if (query.section === 'providers') {
    lines.push([
      'provider',
      'to_game_baht',
      'from_game_baht',
      'net_baht',
      'transfers',
      'bets',
      'stakes_baht',
      'payouts_baht',
      'members_win_loss_baht',
    ]);
    for (const p of report.providers)
      lines.push([
        textCell(p.game),
        bahtCell(BigInt(p.toGame)),
        bahtCell(BigInt(p.fromGame)),
        bahtCell(BigInt(p.net)),
        String(p.count),
        String(p.bets),
        bahtCell(BigInt(p.stakes)),
        bahtCell(BigInt(p.payouts)),
        bahtCell(BigInt(p.winLoss)),
      ]);
  } else if (query.section === 'channels') {
    lines.push(['channel', 'amount_baht', 'deposits']);
    for (const c of report.channels) lines.push([textCell(c.channel), bahtCell(BigInt(c.amount)), String(c.count)]);
  } else {
    lines.push(['operator', 'actions', 'approvals', 'withdrawals_decided', 'mean_decision_seconds']);
    for (const o of report.operators)
      lines.push([
        textCell(o.operator),
        String(o.actions),
        String(o.approvals),
        String(o.withdrawalsDecided),
        o.meanDecisionSeconds === null ? '' : String(o.meanDecisionSeconds),
      ]);
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="report-${query.section}-${query.from}-${query.to}.csv"`)
    .send(CSV_BOM + lines.map(csvLine).join(''));
}
