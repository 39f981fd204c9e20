import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES } from '@wallet/contract/limits';
import type { SlotAccount } from '@wallet/contract/wallet';
import { AccountSlider } from './account-slider.tsx';

/** docs/spec.md §2: account card lists for slot, sport and lotto. */
export function AccountSliders({ slots, onSelect }: { slots: SlotAccount[]; onSelect: (slot: SlotAccount) => void }) {
  const { t } = useTranslation('wallet');
  if (slots.length === 0) return null;
  return (
    <section aria-label={t('games.title')} className="flex flex-col gap-5">
      {GAME_CATEGORIES.map((category) => (
        <AccountSlider
          key={category}
          category={category}
          slots={slots.filter((slot) => slot.category === category)}
          onSelect={onSelect}
        />
      ))}
    </section>
  );
}
