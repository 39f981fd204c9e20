import { ensureFeatureStrings, useFeatureStrings } from '../../lib/feature-strings.ts';

/**
 * The `chat` namespace loads with the widget, one language at a time (the language chunks feed /user/home, which is at
 * its budget: docs/performance.md; docs/i18n.md).
 */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

export const ensureChatStrings = (language?: string): Promise<void> => ensureFeatureStrings('chat', bundles, language);

/** True once the namespace of the current language is in i18next. */
export const useChatStrings = (): boolean => useFeatureStrings('chat', bundles);
