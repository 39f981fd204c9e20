import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotAccount } from '@wallet/contract/wallet';
import { formatMoney } from '@wallet/web-core/format';
import { cardBalance } from './account-card.tsx';

/** The game's background and logo, with its balance (× wallet factor) once the account is active. */
export function GameBanner({ slot, unit, isActive }: { slot: SlotAccount; unit: string; isActive: boolean }) {
  const { t } = useTranslation('wallet');
  const [hasBackground, setHasBackground] = useState(Boolean(slot.background));
  return (
    <div className="relative flex h-36 items-end overflow-hidden rounded-2xl bg-surface-2 ring-1 ring-line">
      {hasBackground && (
        <img
          src={slot.background}
          alt=""
          onError={() => setHasBackground(false)}
          className={clsx('absolute inset-0 size-full object-cover', !isActive && 'saturate-50')}
        />
      )}
      <span aria-hidden className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/30 to-transparent" />
      {slot.logo && (
        <img
          src={slot.logo}
          alt=""
          className="absolute top-3 left-1/2 h-14 max-w-[55%] -translate-x-1/2 object-contain drop-shadow-[0_4px_12px_rgba(0,0,0,0.6)]"
        />
      )}
      {isActive && (
        <div className="relative flex w-full items-end justify-between gap-3 px-4 pb-3">
          <span className="text-xs font-semibold text-fg/80">{t('account.balance')}</span>
          <span className="text-xl font-bold text-primary tabular-nums" data-testid="game-modal-balance">
            {formatMoney(cardBalance(slot))} <span className="text-xs text-fg/70">{unit}</span>
          </span>
        </div>
      )}
    </div>
  );
}
