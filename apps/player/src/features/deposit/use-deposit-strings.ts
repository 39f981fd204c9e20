import { useFeatureStrings } from '../../lib/feature-strings.ts';

/** The deposit strings load with the modal (the home's first load is at its budget), one language at a time. */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

/** True once the `deposit` namespace of the current language is in i18next. */
export const useDepositStrings = (): boolean => useFeatureStrings('deposit', bundles);
