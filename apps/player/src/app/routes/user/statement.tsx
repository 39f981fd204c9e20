import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { STATEMENT_PAGE_SIZE } from '@wallet/contract/limits';
import type { StatementRow } from '@wallet/contract/statement';
import { type StatementFilter, useStatementPage } from '../../../api/statement.ts';
import { walletQueries } from '../../../api/wallet.ts';
import { paths } from '../../../config/paths.ts';
import { memberEvents } from '../../../lib/member-events.ts';
import { readFilter, StatementFilters, StatementTotals } from '../../../features/statement/statement-filters.tsx';
import { ReceiptSheet } from '../../../features/statement/receipt-sheet.tsx';
import { SlipDialog } from '../../../features/statement/slip-dialog.tsx';
import { StatementList } from '../../../features/statement/statement-list.tsx';
import { StatementSkeleton } from '../../../features/statement/statement-skeleton.tsx';
import { totalPages } from '../../../features/statement/statement-status.ts';
import { LoadFailed } from '../../shell/load-failed.tsx';
import { useSheetHistory } from '../../shell/use-sheet-history.ts';

// "Cancel request" on a withdrawal still waiting for review: its own chunk (modules/withdrawals/README.md "Cancel")
const WithdrawCancel = lazy(() =>
  import('../../../features/withdraw/withdraw-cancel.tsx').then((m) => ({ default: m.WithdrawCancel })),
);
const withdrawCancel = (row: StatementRow) =>
  row.withdraw?.cancellable ? (
    <Suspense fallback={null}>
      <WithdrawCancel id={row._id} amount={row.amount} />
    </Suspense>
  ) : null;

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * docs/spec.md §2 statement: transactions, 10 per page, and the slip modal; beyond it, filters by type and month with
 * the filter's totals (?type=…&month=YYYY-MM) and a receipt for every row (?receipt=<id> opens one: the inbox's link).
 */
export function Component() {
  const { t } = useTranslation('statement');
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const filter = readFilter(params);
  const statement = useStatementPage(page, filter);
  const [receipt, setReceipt] = useState<{ id: string; row?: StatementRow } | null>(null);
  useSheetHistory(receipt !== null, () => setReceipt(null));
  // ?receipt=<id> (an inbox entry's link, also while the statement is already open) opens that receipt
  const linkedReceipt = params.get('receipt');
  const [seenLink, setSeenLink] = useState<string | null>(null);
  if (linkedReceipt !== seenLink) {
    setSeenLink(linkedReceipt);
    if (linkedReceipt) setReceipt({ id: linkedReceipt });
  }
  // money credited while the statement is open: its row shows without a reload
  const queryClient = useQueryClient();
  useEffect(
    () => memberEvents.onDeposit(() => void queryClient.invalidateQueries({ queryKey: ['statement', 'page'] })),
    [queryClient],
  );
  const [isSlipsOpen, setSlipsOpen] = useState(false);
  const wallet = useQuery(walletQueries.summary());
  const currency = wallet.data?.wallet.currency ?? 'THB';
  const unit = t(`wallet:unit.${currency}`, { defaultValue: currency });
  const gameNames = new Map((wallet.data?.slots ?? []).map((slot) => [slot.code, slot.name]));
  const pages = statement.data ? totalPages(statement.data.total, STATEMENT_PAGE_SIZE) : undefined;
  const lastPage = Math.max(1, pages ?? 1);
  // ?page=N past the last page (an old link, or rows that moved): go to the last page instead of an empty card
  const isPastEnd = pages !== undefined && !statement.isPlaceholderData && page > lastPage;
  const search = (next: { page?: number; filter?: StatementFilter }) => {
    const f = next.filter ?? filter;
    const out: Record<string, string> = {};
    if (f.type) out.type = f.type;
    if (f.month) out.month = f.month;
    if (next.page && next.page > 1) out.page = String(next.page);
    return out;
  };
  useEffect(() => {
    if (isPastEnd) setParams(search({ page: lastPage }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- search reads the filter of this render only
  }, [isPastEnd, lastPage, setParams]);
  const goTo = (next: number) => {
    setParams(search({ page: next }));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const isFiltered = Boolean(filter.type || filter.month);

  return (
    <main data-route="user/statement" className="flex flex-col gap-4">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl leading-snug font-bold">{t('title')}</h1>
          <p className="text-sm text-muted">
            {statement.data && statement.data.total > 0 ? t('count', { count: statement.data.total }) : t('subtitle')}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Link
            to={paths.bets}
            className="flex min-h-11 items-center justify-center rounded-2xl bg-surface px-4 py-1 text-sm font-semibold ring-1 ring-line ring-inset"
            data-testid="statement-bets"
          >
            {t('bets')}
          </Link>
          <button
            type="button"
            onClick={() => setSlipsOpen(true)}
            className="flex min-h-11 shrink-0 items-center justify-center rounded-2xl bg-surface px-4 py-1 text-sm font-semibold ring-1 ring-line ring-inset"
            data-testid="statement-slips"
          >
            {t('slips')}
          </button>
        </div>
      </header>
      <StatementFilters filter={filter} onChange={(next) => setParams(search({ filter: next }), { replace: true })} />
      {isFiltered && statement.data?.totals && <StatementTotals totals={statement.data.totals} unit={unit} />}
      {/* docs/spec.md §8: a load failure hides the loading state; we also offer a retry instead of an empty screen */}
      {statement.isPending && <StatementSkeleton />}
      {statement.isError && <LoadFailed onRetry={() => void statement.refetch()} />}
      {statement.data && !isPastEnd && (
        <StatementList
          rows={statement.data.statements}
          page={page}
          totalPages={pages ?? 1}
          gameNames={gameNames}
          isFetching={statement.isPlaceholderData}
          onPageChange={goTo}
          rowAction={withdrawCancel}
          onOpen={(row) => setReceipt({ id: row._id, row })}
          isFiltered={isFiltered}
        />
      )}
      <ReceiptSheet
        target={receipt}
        gameNames={gameNames}
        unit={unit}
        // the link's ?receipt= stays: the sheet's own history entry goes back to it, and it opens only when it changes
        onClose={() => setReceipt(null)}
      />
      <SlipDialog open={isSlipsOpen} onOpenChange={setSlipsOpen} unit={unit} />
    </main>
  );
}
