import { useTranslation } from 'react-i18next';
import { SelectField } from '@wallet/ui/select-field';
import { TextField } from '@wallet/ui/text-field';
import type { BetFilter } from '../../api/bets.ts';

export type BetFiltersProps = {
  filter: BetFilter;
  games: readonly string[];
  /** a game's display name (the wallet's slots), or its code */
  gameName: (code: string) => string;
  onChange: (filter: BetFilter) => void;
};

/** The bet history's filter: one game or all, a day range (Bangkok days, as the server counts them). */
export function BetFilters({ filter, games, gameName, onChange }: BetFiltersProps) {
  const { t } = useTranslation('bets');
  const set = (patch: Partial<BetFilter>) => onChange({ ...filter, ...patch });
  return (
    <div className="grid grid-cols-2 gap-2" data-testid="bet-filters">
      <SelectField
        label={t('filters.game')}
        containerClassName="col-span-2"
        value={filter.game ?? ''}
        options={[
          { value: '', label: t('filters.allGames') },
          ...games.map((code) => ({ value: code, label: gameName(code) })),
        ]}
        onChange={(event) => set({ game: event.target.value || undefined })}
        data-testid="bet-filter-game"
      />
      <TextField
        label={t('filters.from')}
        type="date"
        value={filter.from ?? ''}
        max={filter.to}
        onChange={(event) => set({ from: event.target.value || undefined })}
        data-testid="bet-filter-from"
      />
      <TextField
        label={t('filters.to')}
        type="date"
        value={filter.to ?? ''}
        min={filter.from}
        onChange={(event) => set({ to: event.target.value || undefined })}
        data-testid="bet-filter-to"
      />
    </div>
  );
}
