import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { Spinner } from '@wallet/ui/spinner';
import { useBetHistory, type BetFilter } from '../../../api/bets.ts';
import { walletQueries } from '../../../api/wallet.ts';
import { BetDayList } from '../../../features/bet-history/bet-day-list.tsx';
import { BetFilters } from '../../../features/bet-history/bet-filters.tsx';
import { useBetStrings } from '../../../features/bet-history/use-bet-strings.ts';
import { StatementSkeleton } from '../../../features/statement/statement-skeleton.tsx';
import { LoadFailed } from '../../shell/load-failed.tsx';

/**
 * The member's bet history (docs/decisions/0042-bets-and-bonus-at-deposit.md): the bets the turnover pull stored, by
 * Bangkok day with the day's totals, filtered by game and days, paged by cursor ("Show more").
 */
export function Component() {
  const isReady = useBetStrings();
  return isReady ? <BetHistoryScreen /> : <StatementSkeleton />;
}

function BetHistoryScreen() {
  const { t } = useTranslation('bets');
  const [filter, setFilter] = useState<BetFilter>({});
  const history = useBetHistory(filter);
  const wallet = useQuery(walletQueries.summary());
  const currency = wallet.data?.wallet.currency ?? 'THB';
  const unit = t(`wallet:unit.${currency}`, { defaultValue: currency });
  const names = new Map((wallet.data?.slots ?? []).map((slot) => [slot.code, slot.name]));
  const gameName = (code: string) => names.get(code) ?? code;
  const pages = history.data?.pages ?? [];
  const bets = pages.flatMap((page) => page.bets);
  // a day split over two pages carries the same whole-day totals on both: keep one
  const days = [...new Map(pages.flatMap((page) => page.days).map((day) => [day.day, day])).values()];
  const games = pages[0]?.games ?? [];

  return (
    <main data-route="user/bets" className="flex flex-col gap-4">
      <header className="min-w-0">
        <h1 className="text-2xl leading-snug font-bold">{t('title')}</h1>
        <p className="text-sm text-muted">{t('subtitle')}</p>
      </header>
      <BetFilters filter={filter} games={games} gameName={gameName} onChange={setFilter} />
      {history.isPending && <StatementSkeleton />}
      {history.isError && <LoadFailed onRetry={() => void history.refetch()} />}
      {history.isSuccess && bets.length === 0 && (
        <div data-testid="bets-empty">
          <EmptyState icon="inbox" title={t('empty.title')} description={t('empty.body')} />
        </div>
      )}
      {bets.length > 0 && <BetDayList bets={bets} days={days} unit={unit} gameName={gameName} />}
      {history.hasNextPage ? (
        <Button
          variant="secondary"
          isBlock
          isLoading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
          data-testid="bets-more"
        >
          {t('more')}
        </Button>
      ) : (
        bets.length > 0 && <p className="text-center text-xs text-muted">{t('end')}</p>
      )}
      {history.isFetching && !history.isPending && !history.isFetchingNextPage && (
        <div className="flex justify-center" aria-label={t('loading')}>
          <Spinner size="sm" />
        </div>
      )}
    </main>
  );
}
