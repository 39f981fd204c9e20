import { ensureFeatureStrings, useFeatureStrings } from '../lib/feature-strings.ts';

/**
 * The `promotions` strings load with the screens and modals that show them, not with the language chunk every screen
 * pays for, nor as an entry of the app's namespace loader (the /user/home first load is at its budget,
 * docs/performance.md). Render nothing that reads the namespace before `usePromotionStrings()` is true (or the route
 * loader ran). docs/i18n.md
 */
const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/promotions.json', { import: 'default' });

export const ensurePromotionStrings = (language?: string): Promise<void> =>
  ensureFeatureStrings('promotions', bundles, language);

/** True once the namespace of the current language is in i18next; loads it (again after a switch) when `enabled`. */
export const usePromotionStrings = (enabled = true): boolean => useFeatureStrings('promotions', bundles, enabled);
