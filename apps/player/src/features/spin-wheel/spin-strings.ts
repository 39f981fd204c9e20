import { ensureFeatureStrings, useFeatureStrings } from '../../lib/feature-strings.ts';

/**
 * The `spin` namespace loads with the spin route, not with the language chunk every screen pays for (the /user/home
 * bundle budget, docs/performance.md; docs/i18n.md): `ensureSpinStrings` in the route loader, the hook after a
 * language switch while the screen is open.
 */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });

export const ensureSpinStrings = (language?: string): Promise<void> => ensureFeatureStrings('spin', bundles, language);

/** True once the namespace of the current language is in i18next. */
export const useSpinStrings = (): boolean => useFeatureStrings('spin', bundles);
