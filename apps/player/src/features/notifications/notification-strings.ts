import { ensureFeatureStrings, useFeatureStrings } from '../../lib/feature-strings.ts';

/**
 * The `notifications` namespace loads with the inbox sheet or the first toast, not with the language chunk every
 * screen pays for (the /user/home bundle budget, docs/performance.md; docs/i18n.md).
 */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

export const ensureNotificationStrings = (language?: string): Promise<void> =>
  ensureFeatureStrings('notifications', bundles, language);

/** True once the namespace of the current language is in i18next (again after a switch while the sheet is open). */
export const useNotificationStrings = (): boolean => useFeatureStrings('notifications', bundles);
