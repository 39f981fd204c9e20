import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { WALLET_CODE } from '@wallet/contract/limits';
import { Spinner } from '@wallet/ui/spinner';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useCollectAll } from '../../api/wallet.ts';
import { Icon, type IconName } from '@wallet/ui/icon';

export type WidgetGridProps = {
  /** GET /api/spinwheel/active; when false a collect-all widget takes the wheel's place */
  isSpinActive: boolean;
  coin: number;
  /** translated currency unit for the collect-all message */
  unit: string;
  onTransfer: () => void;
  onSpin: () => void;
  onInvite: () => void;
  onBonus: () => void;
  onRefund: () => void;
};

type Tile = {
  key: string;
  label: string;
  icon: IconName;
  tint: string;
  onClick: () => void;
  badge?: string;
  isBusy?: boolean;
};

function WidgetTile({ tile }: { tile: Tile }) {
  return (
    <li className="min-w-0">
      <button
        type="button"
        onClick={tile.onClick}
        disabled={tile.isBusy}
        aria-busy={tile.isBusy || undefined}
        data-testid={`widget-${tile.key}`}
        className="group flex min-h-[5.75rem] w-full flex-col items-center gap-1.5 rounded-2xl px-0.5 pt-1 pb-1.5 text-center transition active:scale-95 disabled:opacity-70"
      >
        {/* 56 px icons overlap in the five columns of a 320 px phone (55 px each): 48 px there */}
        <span
          className={clsx(
            'relative flex size-12 items-center justify-center rounded-2xl shadow-card ring-1 ring-white/10 ring-inset min-[360px]:size-14',
            tile.tint,
          )}
        >
          {tile.isBusy ? <Spinner size="md" /> : <Icon name={tile.icon} className="size-7" />}
          {tile.badge !== undefined && (
            <span className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-primary px-1.5 text-[11px] leading-5 font-bold text-on-primary tabular-nums shadow-glow">
              {tile.badge}
            </span>
          )}
        </span>
        <span className="line-clamp-2 text-[11px] leading-tight font-semibold text-fg/90 min-[360px]:text-xs">
          {tile.label}
        </span>
      </button>
    </li>
  );
}

/** docs/spec.md §2 widgets after deposit and withdraw: transfer, wheel (or collect all), invite, bonus conditions, refund. */
export function WidgetGrid({
  isSpinActive,
  coin,
  unit,
  onTransfer,
  onSpin,
  onInvite,
  onBonus,
  onRefund,
}: WidgetGridProps) {
  const { t } = useTranslation('wallet');
  const collect = useCollectAll();

  const handleCollect = () =>
    collect.submit(
      { to: WALLET_CODE },
      {
        onSuccess: (result) => {
          if (result.pending > 0) notify.info(t('collectAll.pending', { count: result.pending }));
          else if (result.amount > 0)
            notify.success(t('collectAll.success', { amount: `${formatMoney(result.amount)} ${unit}` }));
          else notify.info(t('collectAll.nothing'));
        },
        onError: (error) => presentError(error, { as: 'alert', title: t('errorLabel') }),
      },
    );

  const tiles: Tile[] = [
    {
      key: 'transfer',
      label: t('widgets.transfer'),
      icon: 'transfer',
      tint: 'bg-gradient-to-b from-sky-400/30 to-sky-500/10 text-sky-300',
      onClick: onTransfer,
    },
    isSpinActive
      ? {
          key: 'spin',
          label: t('widgets.spin'),
          icon: 'spin-wheel',
          tint: 'bg-gradient-to-b from-fuchsia-400/30 to-fuchsia-500/10 text-fuchsia-300',
          onClick: onSpin,
          badge: String(coin),
        }
      : {
          key: 'collect-all',
          label: t('widgets.collectAll'),
          icon: 'collect',
          tint: 'bg-gradient-to-b from-emerald-400/30 to-emerald-500/10 text-emerald-300',
          onClick: handleCollect,
          isBusy: collect.isPending,
        },
    {
      key: 'invite',
      label: t('widgets.invite'),
      icon: 'invite',
      tint: 'bg-gradient-to-b from-violet-400/30 to-violet-500/10 text-violet-300',
      onClick: onInvite,
    },
    {
      key: 'bonus',
      label: t('widgets.bonus'),
      icon: 'bonus',
      tint: 'bg-gradient-to-b from-amber-300/30 to-amber-500/10 text-amber-200',
      onClick: onBonus,
    },
    {
      key: 'refund',
      label: t('widgets.refund'),
      icon: 'refund',
      tint: 'bg-gradient-to-b from-rose-400/30 to-rose-500/10 text-rose-300',
      onClick: onRefund,
    },
  ];

  return (
    <nav
      aria-label={t('widgets.label')}
      className="rounded-[var(--radius-card)] bg-surface/70 px-2 pt-3 pb-1.5 ring-1 ring-line"
    >
      <ul className="grid grid-cols-5 gap-0.5 min-[360px]:gap-1">
        {tiles.map((tile) => (
          <WidgetTile key={tile.key} tile={tile} />
        ))}
      </ul>
    </nav>
  );
}
