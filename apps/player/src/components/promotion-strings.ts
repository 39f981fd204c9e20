import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The `promotions` strings load with the screens and modals that show them, not with the language chunk every screen
 * pays for, nor as an entry of the app's namespace loader (the /user/home first load is at its budget, docs/design.md §8).
 * Render nothing that reads the namespace before `usePromotionStrings()` is true (or the route loader ran).
 */
const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/promotions.json', { import: 'default' });
const NAMESPACE = 'promotions';
const loaded = new Set<string>();

export async function ensurePromotionStrings(language = i18next.language): Promise<void> {
  if (loaded.has(language)) return;
  const load = bundles[`../locales/${language}/promotions.json`] ?? bundles['../locales/th/promotions.json'];
  if (!load) return;
  i18next.addResourceBundle(language, NAMESPACE, await load(), true, true);
  loaded.add(language);
}

/** True once the namespace of the current language is in i18next; loads it (again after a language switch) when `enabled`. */
export function usePromotionStrings(enabled = true): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || loaded.has(language)) return;
    let isCurrent = true;
    void ensurePromotionStrings(language).then(() => {
      if (isCurrent) setLoaded(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [enabled, language]);
  return loaded.has(language);
}
