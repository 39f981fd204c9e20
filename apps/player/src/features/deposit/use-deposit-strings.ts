import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The deposit strings load with the modal (the home's first load is at its budget), one language at a time. */
const bundles = import.meta.glob<Record<string, unknown>>('./locales/*.json', { import: 'default' });
const NAMESPACE = 'deposit';

/** True once the `deposit` namespace of the current language is in i18next. */
export function useDepositStrings(): boolean {
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
