import { useTranslation } from 'react-i18next';
import type { Wallet } from '@wallet/contract/wallet';
import { formatMoney } from '@wallet/web-core/format';
import { LastUpdate } from './last-update.tsx';
import { gamesBalance, totalBalance } from './total-balance.ts';
import { Icon } from '@wallet/ui/icon';

/** Brand art across the top of the balance card (public/brand). */
export const CARD_ART = '/brand/card-art.svg';

export type BalanceHeroProps = {
  wallet: Wallet;
  onDeposit: () => void;
  onWithdraw: () => void;
};

/** docs/spec.md §2 home hero: name, coins, total balance (wallet + games), last update with check balance, deposit and withdraw. */
export function BalanceHero({ wallet, onDeposit, onWithdraw }: BalanceHeroProps) {
  const { t } = useTranslation('wallet');
  const unit = t(`unit.${wallet.wallet.currency}`, { defaultValue: wallet.wallet.currency });
  return (
    <section
      aria-label={t('hero.totalBalance')}
      className="relative overflow-hidden rounded-[1.75rem] bg-[linear-gradient(150deg,color-mix(in_oklab,var(--color-accent)_70%,#1b1036)_0%,color-mix(in_oklab,var(--color-accent)_35%,var(--color-bg-raised))_45%,var(--color-bg-raised)_100%)] p-5 shadow-card ring-1 ring-white/10"
    >
      {/* the card's art: the same image, size and place as the static home shell (index.html shells), so the
          page's largest image is painted from the HTML before any JavaScript */}
      <img
        src={CARD_ART}
        alt=""
        width={380}
        height={148}
        fetchPriority="high"
        className="pointer-events-none absolute inset-x-0 top-0 h-[148px] w-full object-cover"
      />
      <div className="relative flex items-center justify-between gap-3">
        <p className="min-w-0 truncate text-sm font-semibold text-fg/90" data-testid="profile-name">
          {t('hero.greeting', { name: wallet.profile.name })}
        </p>
        <p
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-black/25 py-1 pr-3 pl-1.5 text-sm font-bold text-primary ring-1 ring-primary/30"
          data-testid="coin-count"
          aria-label={t('coins.count', { count: wallet.profile.coin })}
        >
          <span className="flex size-6 items-center justify-center rounded-full bg-gradient-to-b from-[#ffe27a] to-primary text-on-primary">
            <Icon name="coin" className="size-4" strokeWidth={2.2} />
          </span>
          <span className="tabular-nums">{wallet.profile.coin.toLocaleString('en-US')}</span>
        </p>
      </div>

      <p className="relative mt-4 text-xs font-semibold tracking-wide text-muted uppercase">{t('hero.totalBalance')}</p>
      <p className="relative mt-0.5 flex items-baseline gap-2" data-testid="total-balance">
        <span className="text-gold-gradient text-[2.6rem] leading-none font-bold tabular-nums">
          {formatMoney(totalBalance(wallet))}
        </span>
        <span className="text-base font-semibold text-primary/90">{unit}</span>
      </p>
      <dl className="relative mt-3 flex gap-2 text-xs">
        <div className="flex-1 rounded-xl bg-black/20 px-3 py-2 ring-1 ring-white/5">
          <dt className="text-muted">{t('hero.walletPart')}</dt>
          <dd className="font-bold text-fg tabular-nums" data-testid="wallet-amount">
            {formatMoney(wallet.wallet.amount)}
          </dd>
        </div>
        <div className="flex-1 rounded-xl bg-black/20 px-3 py-2 ring-1 ring-white/5">
          <dt className="text-muted">{t('hero.gamesPart')}</dt>
          <dd className="font-bold text-fg tabular-nums" data-testid="games-amount">
            {formatMoney(gamesBalance(wallet))}
          </dd>
        </div>
      </dl>

      <div className="relative mt-4 border-t border-white/10 pt-3">
        <LastUpdate fallback={wallet.updatedAt} />
      </div>

      <div className="relative mt-4 grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={onDeposit}
          data-testid="widget-deposit"
          className="flex min-h-13 items-center justify-center gap-2 rounded-2xl bg-gradient-to-b from-[color-mix(in_oklab,var(--color-primary)_78%,white)] to-primary px-3 text-base font-bold text-on-primary shadow-glow transition active:scale-[0.98]"
        >
          <Icon name="deposit" className="size-5 shrink-0" strokeWidth={2.2} />
          {t('widgets.deposit')}
        </button>
        <button
          type="button"
          onClick={onWithdraw}
          data-testid="widget-withdraw"
          className="flex min-h-13 items-center justify-center gap-2 rounded-2xl bg-white/10 px-3 text-base font-bold text-fg ring-1 ring-white/15 ring-inset transition hover:bg-white/15 active:scale-[0.98]"
        >
          <Icon name="withdraw" className="size-5 shrink-0" strokeWidth={2.2} />
          {t('widgets.withdraw')}
        </button>
      </div>
    </section>
  );
}
