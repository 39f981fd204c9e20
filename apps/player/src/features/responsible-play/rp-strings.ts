import { ensureFeatureStrings, useFeatureStrings } from '../../lib/feature-strings.ts';

/**
 * The `responsiblePlay` namespace loads with the page, its link or the reality check, one language at a time
 * (docs/i18n.md).
 */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

export const ensureResponsiblePlayStrings = (language?: string): Promise<void> =>
  ensureFeatureStrings('responsiblePlay', bundles, language);

/** True once the namespace of the current language is in i18next. */
export const useResponsiblePlayStrings = (): boolean => useFeatureStrings('responsiblePlay', bundles);
