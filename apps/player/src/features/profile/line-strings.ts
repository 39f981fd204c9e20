import { useFeatureStrings } from '../../lib/feature-strings.ts';

/**
 * The LINE section's `line` namespace loads with the section (its own lazy chunk), one language at a time
 * (docs/i18n.md).
 */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/line/*.json', { import: 'default' });

/** True once the namespace of the current language is in i18next. */
export const useLineStrings = (): boolean => useFeatureStrings('line', bundles);
