import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n } from 'i18next';

/** The bonus picker's strings load with it (the deposit sheet's chunk stays as it was), one language at a time. */
const bundles = import.meta.glob<Record<string, unknown>>('./bonus-choice-locales/*.json', { import: 'default' });
const NAMESPACE = 'bonusChoice';

/**
 * Whether the strings are in: a language switch reloads every namespace used so far through the app's loader, which
 * knows nothing of this one and leaves an empty bundle behind — an empty bundle is not loaded.
 */
const hasStrings = (i18n: i18n, language: string) =>
  Object.keys((i18n.getResourceBundle(language, NAMESPACE) as object | undefined) ?? {}).length > 0;

/** True once the `bonusChoice` namespace of the current language is in i18next. */
export function useBonusChoiceStrings(): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [loaded, setLoaded] = useState<string | null>(null);
  const isReady = loaded === language || hasStrings(i18n, language);

  useEffect(() => {
    if (hasStrings(i18n, language)) return;
    let isCurrent = true;
    const load = bundles[`./bonus-choice-locales/${language}.json`] ?? bundles['./bonus-choice-locales/th.json'];
    void load?.().then((strings) => {
      i18n.addResourceBundle(language, NAMESPACE, strings, true, true);
      if (isCurrent) setLoaded(language);
    });
    return () => {
      isCurrent = false;
    };
  }, [i18n, language]);
  return isReady;
}
