import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The bonus picker's strings load with it (the deposit sheet's chunk stays as it was), one language at a time. */
const bundles = import.meta.glob<Record<string, unknown>>('./bonus-choice-locales/*.json', { import: 'default' });
const NAMESPACE = 'bonusChoice';

/** True once the `bonusChoice` namespace of the current language is in i18next. */
export function useBonusChoiceStrings(): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [loaded, setLoaded] = useState<string | null>(null);
  const isReady = loaded === language || i18n.hasResourceBundle(language, NAMESPACE);

  useEffect(() => {
    if (i18n.hasResourceBundle(language, NAMESPACE)) return;
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
