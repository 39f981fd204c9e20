import { useFeatureStrings } from '../../lib/feature-strings.ts';

/** The bet history's strings load with its route, one language at a time (as the deposit sheet's do). */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

/** True once the `bets` namespace of the current language is in i18next. */
export const useBetStrings = (): boolean => useFeatureStrings('bets', bundles);
