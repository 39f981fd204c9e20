import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { formatDateTime, formatRelativeTime } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { storage } from '../../lib/storage.ts';
import { notify } from '@wallet/web-core/toast';
import { useRefreshBalances } from '../../api/wallet.ts';
import { useNow } from './use-now.ts';
import { Icon } from '@wallet/ui/icon';

const TICK_MS = 15_000;

/** Last balance sync (relative + DD/MM/YYYY HH:mm:ss) and the check-balance action (GET /api/wallet/refresh/slot). */
export function LastUpdate({ fallback }: { fallback?: string }) {
  const { t, i18n } = useTranslation('wallet');
  const now = useNow(TICK_MS);
  const refresh = useRefreshBalances();
  const lastSync = refresh.data?.updatedAt ?? storage.getLastSync() ?? fallback;
  // a server clock slightly ahead of the phone must not read "in 2 seconds"
  const syncedAt = lastSync ? Math.min(new Date(lastSync).getTime(), now.getTime()) : undefined;

  const handleCheck = () =>
    refresh.mutate(undefined, {
      onSuccess: () => notify.success(t('hero.checked')),
      onError: (error) => presentError(error, { as: 'toast' }),
    });

  return (
    <div className="flex items-center gap-3">
      <div className="min-w-0 flex-1 text-xs leading-snug text-muted" data-testid="last-update">
        {lastSync ? (
          <>
            <p className="flex items-center gap-1 font-semibold text-fg/90">
              <Icon name="clock" className="size-3.5 shrink-0" />
              {/* at 320 px the words wrap rather than being cut */}
              <span className="min-w-0 break-words">
                {t('hero.updated', { relative: formatRelativeTime(syncedAt ?? now, i18n.language, now) })}
              </span>
            </p>
            <p className="break-words tabular-nums">{formatDateTime(lastSync)}</p>
          </>
        ) : (
          <p>{t('hero.notChecked')}</p>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={handleCheck}
        isLoading={refresh.isPending}
        icon={<Icon name="refresh" className="size-4" />}
        data-testid="check-balance"
        className="shrink-0 bg-white/10"
      >
        {t('hero.checkBalance')}
      </Button>
    </div>
  );
}
