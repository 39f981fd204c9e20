import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The bet history's strings load with its route, one language at a time (as the deposit sheet's do). */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });
const NAMESPACE = 'bets';

/** True once the `bets` namespace of the current language is in i18next. */
export function useBetStrings(): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [loaded, setLoaded] = useState<string | null>(null);
  const isReady = loaded === language || i18n.hasResourceBundle(language, NAMESPACE);

  useEffect(() => {
    if (i18n.hasResourceBundle(language, NAMESPACE)) return;
    let isCurrent = true;
    const load = bundles[`./locales/${language}.json`] ?? bundles['./locales/th.json'];
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
