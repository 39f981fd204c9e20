import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotAccount } from '@wallet/contract/wallet';
import { formatMoney } from '@wallet/web-core/format';

/** docs/spec.md §2: the balance an active card shows is the game balance × its wallet factor. */
export const cardBalance = (slot: Pick<SlotAccount, 'amount' | 'ftWalletSlot'>): number =>
  Math.round(slot.amount * (Number.isFinite(slot.ftWalletSlot) ? slot.ftWalletSlot : 1) * 100) / 100;

export type AccountCardProps = {
  slot: SlotAccount;
  onSelect: (slot: SlotAccount) => void;
  /** on the first slider page: images load at once (one of them is the largest paint of home), never lazily */
  isEager?: boolean;
  /** a category with one or two cards lays them out wide instead of leaving a row of holes */
  shape?: 'tall' | 'wide' | 'banner';
};

const SHAPES = { tall: 'aspect-[4/5]', wide: 'aspect-[4/3]', banner: 'aspect-[16/7]' } as const;

/** One game account: background, logo, name, and balance when active or an open-account prompt when not. */
export function AccountCard({ slot, onSelect, isEager = false, shape = 'tall' }: AccountCardProps) {
  const { t } = useTranslation('wallet');
  const [hasBackground, setHasBackground] = useState(Boolean(slot.background));
  const [hasLogo, setHasLogo] = useState(Boolean(slot.logo));
  return (
    <button
      type="button"
      onClick={() => onSelect(slot)}
      data-testid={`game-card-${slot.code}`}
      data-active={slot.isActive}
      className={clsx(
        SHAPES[shape],
        'group relative flex w-full flex-col overflow-hidden rounded-2xl bg-surface-2 text-left shadow-card ring-1 transition ring-inset active:scale-[0.97]',
        slot.isActive ? 'ring-primary/40' : 'ring-line',
      )}
    >
      {hasBackground && (
        <img
          src={slot.background}
          alt=""
          width={120}
          height={150}
          loading={isEager ? 'eager' : 'lazy'}
          fetchPriority={isEager ? 'high' : 'auto'}
          decoding="async"
          onError={() => setHasBackground(false)}
          className={clsx('absolute inset-0 size-full object-cover', !slot.isActive && 'opacity-55 saturate-50')}
        />
      )}
      <span aria-hidden className="absolute inset-0 bg-gradient-to-b from-black/0 via-black/15 to-black/85" />
      <span className="relative flex flex-1 items-center justify-center px-2 pt-2">
        {hasLogo ? (
          <img
            src={slot.logo}
            alt=""
            width={96}
            height={48}
            loading={isEager ? 'eager' : 'lazy'}
            decoding="async"
            onError={() => setHasLogo(false)}
            className="max-h-12 w-[78%] object-contain drop-shadow-[0_4px_10px_rgba(0,0,0,0.5)]"
          />
        ) : (
          <span className="text-lg font-bold text-fg uppercase drop-shadow">{slot.code}</span>
        )}
      </span>
      <span className="relative px-2 pb-2">
        <span className="block truncate text-xs leading-tight font-bold text-fg">{slot.name}</span>
        {slot.isActive ? (
          <span
            className="mt-0.5 block truncate text-sm leading-tight font-bold text-primary tabular-nums"
            data-testid={`game-balance-${slot.code}`}
          >
            {formatMoney(cardBalance(slot))}
          </span>
        ) : (
          <span className="mt-1 block rounded-full bg-primary px-1.5 py-0.5 text-center text-[11px] leading-tight font-bold text-on-primary">
            {t('games.openAccount')}
          </span>
        )}
      </span>
    </button>
  );
}
