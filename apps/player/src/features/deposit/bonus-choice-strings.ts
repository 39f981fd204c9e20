import { useFeatureStrings } from '../../lib/feature-strings.ts';

/** The bonus picker's strings load with it (the deposit sheet's chunk stays as it was), one language at a time. */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/bonusChoice/*.json', { import: 'default' });

/** True once the `bonusChoice` namespace of the current language is in i18next. */
export const useBonusChoiceStrings = (): boolean => useFeatureStrings('bonusChoice', bundles);
