import type { LedgerCheckRun, Reconciliation } from '@wallet/contract/admin/reports';
import { and, count, desc, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerCheckRuns } from '../../db/schema/backoffice.ts';
import { emit } from '../../events/emit.ts';
import { pendingTransfers } from '../game-transfers/game-transfers.api.ts';
import { systemAccountSums, toMajor } from '../ledger/ledger.api.ts';
import { unsettledPayouts } from '../withdrawals/withdrawals.api.ts';
import { transferRow } from './rows.ts';

const PENDING_SHOWN = 200;
const PROBLEMS_KEPT = 50;

export async function reconciliation(db: Db, now: Date): Promise<Reconciliation> {
  const [pending, payouts, sums] = await Promise.all([
    pendingTransfers(db, PENDING_SHOWN),
    unsettledPayouts(db, PENDING_SHOWN),
    systemAccountSums(db),
  ]);
  const ageSeconds = (at: Date) => Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  return {
    pendingTransfers: {
      total: pending.total,
      rows: pending.rows.map((t) => ({
        ...transferRow(t),
        ageSeconds: ageSeconds(t.createdAt),
      })),
    },
    pendingPayouts: {
      total: payouts.total,
      rows: payouts.rows.map((w) => ({
        id: w.id,
        memberId: w.memberId,
        amount: toMajor(w.amount),
        currency: w.currency,
        status: w.status,
        createdAt: w.createdAt.toISOString(),
        ageSeconds: ageSeconds(w.createdAt),
      })),
    },
    houseAccounts: sums.map((s) => ({ ...s, balance: String(s.balance) })),
  };
}

type RunRow = typeof ledgerCheckRuns.$inferSelect;
const runView = (r: RunRow): LedgerCheckRun => ({
  id: r.id,
  trigger: r.trigger === 'nightly' ? 'nightly' : 'manual',
  operator: r.operator,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt.toISOString(),
  ok: r.ok,
  problemCount: r.problemCount,
  problems: Array.isArray(r.problems) ? (r.problems as string[]) : [],
});

/**
 * Run the ledger invariant check (`check`, the same one `npm run ledger:check` and the nightly job run) and record
 * the run with what it found.
 */
export async function runLedgerCheck(
  deps: { db: Db; now: () => Date; check: () => Promise<string[]> },
  trigger: 'manual' | 'nightly',
  operator: string | null,
): Promise<LedgerCheckRun> {
  const startedAt = deps.now();
  const problems = await deps.check();
  // the run and, when it found problems, the operators' alert (docs/decisions/0041) in one transaction
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(ledgerCheckRuns)
      .values({
        trigger,
        operator,
        startedAt,
        finishedAt: deps.now(),
        ok: problems.length === 0,
        problemCount: problems.length,
        problems: problems.slice(0, PROBLEMS_KEPT),
      })
      .returning();
    if (!inserted) throw new Error('ledger_check_runs insert returned nothing');
    if (problems.length > 0)
      await emit(tx, {
        type: 'reconciliation.mismatch',
        payload: { runId: inserted.id, trigger, problemCount: problems.length },
      });
    return inserted;
  });
  return runView(row);
}

export async function ledgerCheckHistory(
  db: Db,
  page: { page: number; pageSize: number; from?: string | undefined; to?: string | undefined },
): Promise<{ rows: LedgerCheckRun[]; total: number }> {
  const where = and(
    page.from ? gte(ledgerCheckRuns.startedAt, new Date(page.from)) : undefined,
    page.to ? lt(ledgerCheckRuns.startedAt, new Date(page.to)) : undefined,
  );
  const rows = await db
    .select()
    .from(ledgerCheckRuns)
    .where(where)
    .orderBy(desc(ledgerCheckRuns.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(ledgerCheckRuns).where(where);
  return { rows: rows.map(runView), total: Number(total?.n ?? 0) };
}
